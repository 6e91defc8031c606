// The HTML report's only script: filters the scenarios; when one is opened, unpacks it (pack.ts),
// lists its transcript and draws its game at every ply with a slider tied to the transcript, the
// rejected answer drawn over the position the bot faced. Plain ES2020, embedded verbatim (no network,
// no libraries). Everything from the report is put into the page with textContent / setAttribute,
// never parsed as HTML, so whatever a bot wrote stays text.
// Kept free of backticks and dollar-brace so it can live in this template string unchanged.
import { applyPatch } from './delta.js';

const SCRIPT = String.raw`
(function () {
  'use strict';
  /*applyPatch*/
  var SVGNS = 'http://www.w3.org/2000/svg';
  var status = { drawErrors: [], replays: 0, ready: 0, opened: null };
  window.__botjury = status;
  var dataNode = document.getElementById('botjury-data');
  if (!dataNode) return;
  var data = JSON.parse(dataNode.textContent || '{}');

  // ---------------------------------------------------------------- small DOM helpers
  function h(tag, attrs, parent, text) {
    var e = document.createElement(tag);
    if (attrs) for (var k in attrs) e.setAttribute(k, String(attrs[k]));
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (parent) parent.appendChild(e);
    return e;
  }
  function s(tag, attrs, parent, text) {
    var e = document.createElementNS(SVGNS, tag);
    if (attrs) for (var k in attrs) e.setAttribute(k, String(attrs[k]));
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (parent) parent.appendChild(e);
    return e;
  }
  function svg(width, height, parent, label) {
    return s('svg', { viewBox: '0 0 ' + width + ' ' + height, width: width, height: height, role: 'img', 'aria-label': label, 'class': 'board' }, parent);
  }
  function tip(node, text) { s('title', null, node, text); return node; }
  function info(parent, rows) {
    var dl = h('dl', { 'class': 'state-info' }, parent);
    rows.forEach(function (r) {
      if (r[1] === undefined || r[1] === null || r[1] === '') return;
      h('dt', null, dl, r[0]);
      h('dd', null, dl, typeof r[1] === 'object' ? JSON.stringify(r[1]) : r[1]);
    });
    return dl;
  }
  var isArr = Array.isArray;
  function isObj(v) { return v !== null && typeof v === 'object' && !isArr(v); }
  function isStrRows(v, n) { return isArr(v) && v.length > 0 && (n === undefined || v.length === n) && v.every(function (r) { return typeof r === 'string'; }); }
  var PLAYER_COLORS = ['#d62728', '#1f77b4', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf'];

  // ---------------------------------------------------------------- a scenario's pack (html/pack.ts): gzipped JSON in base64
  function unpack(b64) {
    if (typeof DecompressionStream === 'undefined') return Promise.reject(new Error('this browser cannot unpack the replay (it has no DecompressionStream; any browser from 2023 on has)'));
    var bin = atob(b64), bytes = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text().then(JSON.parse);
  }
  /** Every position in full again: the first is whole, each later one a patch from the one before. */
  function decodeFrames(frames) {
    var prev = null;
    return frames.map(function (f) {
      prev = 'full' in f ? f.full : f.d === undefined ? prev : applyPatch(prev, f.d);
      return { ply: f.ply, t: f.t, move: f.move, state: prev, rejected: [] };
    });
  }

  // ---------------------------------------------------------------- a rejected answer, drawn over the position the bot faced
  var REJECT = '#e03131';
  // Each draws into the rejected answer's own layer (one per answer, made by the replay).
  function rejectedPath(grp, points) {
    if (points.length > 1) s('polyline', { points: points.map(function (p) { return p.join(','); }).join(' '), fill: 'none', stroke: REJECT, 'stroke-width': 3.5, 'stroke-dasharray': '6 4', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }, grp);
    var end = points[points.length - 1];
    s('path', { d: 'M' + (end[0] - 7) + ' ' + (end[1] - 7) + 'l14 14m0 -14l-14 14', stroke: REJECT, 'stroke-width': 3.5, 'stroke-linecap': 'round' }, grp);
    return true;
  }
  function rejectedRing(grp, at, r) {
    s('circle', { cx: at[0], cy: at[1], r: r, fill: 'none', stroke: REJECT, 'stroke-width': 3, 'stroke-dasharray': '4 3' }, grp);
    return true;
  }
  var STEP = { U: [0, -1], D: [0, 1], L: [-1, 0], R: [1, 0] };
  /** A one-letter action (U D L R A N) from a board cell: an arrow to the next cell, or a ring. */
  function rejectedAction(g, center, cell, text) {
    var letter = String(text).trim().charAt(0).toUpperCase();
    if (STEP[letter]) return rejectedPath(g, [center, [center[0] + STEP[letter][0] * cell, center[1] + STEP[letter][1] * cell]]);
    if (letter === 'A' || letter === 'N') return rejectedRing(g, center, cell * 0.6);
    return false;
  }

  // ---------------------------------------------------------------- Alquerque: rows[0] is row 7, a..g left to right
  /** A square's point on the Alquerque drawing (44 units apart, 34 from the edge, row 7 on top). */
  function alquerquePoint(square) {
    var m = /^([a-g])([1-7])$/.exec(square);
    return m ? [34 + 'abcdefg'.indexOf(m[1]) * 44, 34 + (7 - Number(m[2])) * 44] : null;
  }
  function alquerquePath(move) { return String(move).trim().toLowerCase().split(/[-*x]/).map(alquerquePoint); }
  var alquerque = {
    fits: function (st) { return isObj(st) && isStrRows(st.rows, 7); },
    rejected: function (g, st, text) {
      var pts = alquerquePath(text);
      return pts.length > 1 && pts.every(Boolean) && rejectedPath(g, pts);
    },
    draw: function (stage, st) {
      var S = 44, M = 34, N = 7;
      var g = svg(M * 2 + S * (N - 1), M * 2 + S * (N - 1), stage, 'Alquerque board');
      var X = function (x) { return M + x * S; };
      var Y = function (row) { return M + (N - row) * S; };
      s('rect', { x: 0, y: 0, width: M * 2 + S * (N - 1), height: M * 2 + S * (N - 1), fill: '#f3e2c0' }, g);
      for (var x = 0; x < N; x++) for (var y = 1; y <= N; y++) {
        var attrs = { stroke: '#8a6d3b', 'stroke-width': 1.5 };
        if (x < N - 1) s('line', Object.assign({ x1: X(x), y1: Y(y), x2: X(x + 1), y2: Y(y) }, attrs), g);
        if (y < N) s('line', Object.assign({ x1: X(x), y1: Y(y), x2: X(x), y2: Y(y + 1) }, attrs), g);
        // Diagonals run through the points where column + row is even (a1 has them).
        if ((x + y - 1) % 2 === 0) {
          if (x < N - 1 && y < N) s('line', Object.assign({ x1: X(x), y1: Y(y), x2: X(x + 1), y2: Y(y + 1) }, attrs), g);
          if (x > 0 && y < N) s('line', Object.assign({ x1: X(x), y1: Y(y), x2: X(x - 1), y2: Y(y + 1) }, attrs), g);
        }
      }
      for (var i = 0; i < N; i++) {
        s('text', { x: X(i), y: M * 2 + S * (N - 1) - 6, 'text-anchor': 'middle', 'class': 'coord' }, g, 'abcdefg'[i]);
        s('text', { x: 8, y: Y(i + 1) + 4, 'class': 'coord' }, g, String(i + 1));
      }
      st.rows.forEach(function (row, r) {
        for (var c = 0; c < row.length && c < N; c++) {
          var ch = row[c];
          if (ch !== 'W' && ch !== 'B') continue;
          var square = 'abcdefg'[c] + (N - r);
          tip(s('circle', { cx: X(c), cy: Y(N - r), r: 15, fill: ch === 'W' ? '#fff' : '#222', stroke: ch === 'W' ? '#333' : '#000', 'stroke-width': 2, 'class': 'piece-' + ch }, g), (ch === 'W' ? 'white' : 'black') + ' on ' + square);
        }
      });
      if (typeof st.lastMove === 'string') {
        var pts = alquerquePath(st.lastMove);
        if (pts.length > 1 && pts.every(Boolean)) {
          s('polyline', { points: pts.map(function (p) { return p.join(','); }).join(' '), fill: 'none', stroke: '#e8590c', 'stroke-width': 4, 'stroke-opacity': 0.75, 'stroke-linecap': 'round', 'class': 'last-move' }, g);
          s('circle', { cx: pts[pts.length - 1][0], cy: pts[pts.length - 1][1], r: 6, fill: '#e8590c' }, g);
        }
      }
      info(stage, [['to move', st.toMove], ['last move', st.lastMove], ['white pieces', st.pieces && st.pieces.white], ['black pieces', st.pieces && st.pieces.black]]);
      return g;
    },
  };

  // ---------------------------------------------------------------- Amazes: 25 hex digits per row (walls N=1 E=2 S=4 W=8), row 1 on top
  function discoveredFlags(hex, cells) {
    var flags = [];
    if (typeof hex !== 'string') return flags;
    for (var i = 0; i < cells; i++) {
      var digit = parseInt(hex.charAt(i >> 2), 16) || 0;
      flags.push((digit >> (i & 3)) & 1);
    }
    return flags;
  }
  var AMAZES_CELL = 18, AMAZES_MARGIN = 4;
  var amazes = {
    fits: function (st) { return isObj(st) && isStrRows(st.maze) && isObj(st.red) && isObj(st.blue); },
    // The steps walked from the bot's square as the jury walks them: F stops at a wall, T L R turn.
    rejected: function (g, st, text, ctx) {
      var pl = st[ctx.role], C = AMAZES_CELL, M = AMAZES_MARGIN;
      if (!isObj(pl) || typeof pl.row !== 'number' || typeof pl.column !== 'number') return false;
      var dirs = 'NESW', facing = Math.max(0, dirs.indexOf(pl.facing)), row = pl.row, col = pl.column;
      var wall = [1, 2, 4, 8], move = [[-1, 0], [0, 1], [1, 0], [0, -1]];
      var center = function () { return [M + (col - 0.5) * C, M + (row - 0.5) * C]; };
      var pts = [center()];
      String(text).toUpperCase().replace(/[^FTLR]/g, '').slice(0, 256).split('').forEach(function (step) {
        if (step === 'L') facing = (facing + 3) % 4;
        else if (step === 'R') facing = (facing + 1) % 4;
        else if (step === 'T') facing = (facing + 2) % 4;
        else {
          var bits = parseInt((st.maze[row - 1] || '').charAt(col - 1), 16) || 0;
          if (bits & wall[facing]) return;
          row += move[facing][0]; col += move[facing][1];
          pts.push(center());
        }
      });
      return rejectedPath(g, pts);
    },
    draw: function (stage, st, ctx) {
      var n = st.maze.length, C = AMAZES_CELL, M = AMAZES_MARGIN;
      var view = ctx.options.view || 'both';
      var bar = h('div', { 'class': 'replay-options' }, stage);
      h('span', null, bar, 'discovered by: ');
      ['both', 'red', 'blue', 'none'].forEach(function (v) {
        var b = h('button', { type: 'button', 'class': v === view ? 'on' : '', 'data-view': v }, bar, v);
        b.addEventListener('click', function () { ctx.options.view = v; ctx.redraw(); });
      });
      var g = svg(M * 2 + C * n, M * 2 + C * n, stage, 'Amazes maze');
      s('rect', { x: M, y: M, width: C * n, height: C * n, fill: '#fbfbf8' }, g);
      ['red', 'blue'].forEach(function (p) {
        if (view !== 'both' && view !== p) return;
        var flags = discoveredFlags(st[p].discoveredMap, n * n);
        var fill = p === 'red' ? 'rgba(214,39,40,0.22)' : 'rgba(31,119,180,0.22)';
        flags.forEach(function (f, i) {
          if (f) s('rect', { x: M + (i % n) * C, y: M + Math.floor(i / n) * C, width: C, height: C, fill: fill, 'class': 'found-' + p }, g);
        });
      });
      var d = '';
      st.maze.forEach(function (row, r) {
        for (var c = 0; c < row.length; c++) {
          var bits = parseInt(row.charAt(c), 16) || 0, x = M + c * C, y = M + r * C;
          if (bits & 1) d += 'M' + x + ' ' + y + 'h' + C;
          if (bits & 2) d += 'M' + (x + C) + ' ' + y + 'v' + C;
          if (bits & 4) d += 'M' + x + ' ' + (y + C) + 'h' + C;
          if (bits & 8) d += 'M' + x + ' ' + y + 'v' + C;
        }
      });
      s('path', { d: d, stroke: '#222', 'stroke-width': 2, 'stroke-linecap': 'square', fill: 'none' }, g);
      var turn = { N: 0, E: 90, S: 180, W: 270 };
      ['red', 'blue'].forEach(function (p) {
        var pl = st[p];
        if (typeof pl.row !== 'number' || typeof pl.column !== 'number') return;
        var cx = M + (pl.column - 0.5) * C, cy = M + (pl.row - 0.5) * C;
        var grp = s('g', { transform: 'translate(' + cx + ',' + cy + ') rotate(' + (turn[pl.facing] || 0) + ')', 'class': 'player-' + p }, g);
        tip(s('polygon', { points: '0,-7 6,6 0,3 -6,6', fill: p === 'red' ? '#d62728' : '#1f77b4', stroke: '#000', 'stroke-width': 1 }, grp), p + ' at row ' + pl.row + ', column ' + pl.column + ', facing ' + pl.facing);
      });
      var who = function (p) {
        var pl = st[p];
        return pl.points + ' points, ' + pl.discovered + ' squares discovered, ' + pl.turns + ' turns, at (' + pl.row + ',' + pl.column + ') facing ' + pl.facing + (pl.takenOver ? ', taken over by the jury: ' + pl.takenOver : '');
      };
      var pts = st.last && st.last.points;
      var ptsText = isObj(pts) ? Object.keys(pts).map(function (k) { return k + ' ' + pts[k]; }).join(', ') : pts;
      var last = isObj(st.last) ? st.last.player + ' turn ' + st.last.turn + ': ' + (st.last.steps === '' ? '(no steps)' : st.last.steps) + (st.last.byJury ? ' (played by the jury)' : '') + (ptsText !== undefined ? '; points: ' + ptsText : '') : null;
      info(stage, [['to move', st.toMove], ['red', who('red')], ['blue', who('blue')], ['last turn', last], ['sudden death', st.suddenDeath]]);
      return g;
    },
  };

  // ---------------------------------------------------------------- On The Run: cities 1..n on the map's own plane
  // (positions, when the map was generated) or on a numbered grid; connections C car, T train, P plane.
  function onTheRunLayout(st) {
    var n = st.cities, pos, width, height, R;
    var placed = isArr(st.positions) && st.positions.length >= n && st.positions.slice(0, n).every(function (p) { return isArr(p) && typeof p[0] === 'number' && typeof p[1] === 'number'; });
    if (placed) {
      var xs = st.positions.slice(0, n).map(function (p) { return p[0]; }), ys = st.positions.slice(0, n).map(function (p) { return p[1]; });
      var minX = Math.min.apply(null, xs), maxX = Math.max.apply(null, xs), minY = Math.min.apply(null, ys), maxY = Math.max.apply(null, ys);
      var span = Math.max(1, maxX - minX, maxY - minY), side = n > 100 ? 680 : 520, MP = 18;
      R = n > 100 ? 8 : 11;
      width = MP * 2 + side * (maxX - minX) / span; height = MP * 2 + side * (maxY - minY) / span;
      pos = function (city) { var p = st.positions[city - 1]; return [MP + side * (p[0] - minX) / span, MP + side * (p[1] - minY) / span]; };
    } else {
      var cols = Math.ceil(Math.sqrt(n)), C = 34, M = 20;
      R = 13; width = M * 2 + C * cols; height = M * 2 + C * Math.ceil(n / cols);
      pos = function (city) { var i = city - 1; return [M + (i % cols) * C + C / 2, M + Math.floor(i / cols) * C + C / 2]; };
    }
    return { pos: pos, width: width, height: height, R: R };
  }
  var onTheRun = {
    fits: function (st) { return isObj(st) && typeof st.cities === 'number' && st.cities > 0 && st.cities <= 2000 && isArr(st.detectives); },
    // Each answer line names a city last ('T 12'): the fugitive's one line, or one line per detective.
    rejected: function (g, st, text, ctx) {
      var at = onTheRunLayout(st), drawn = false;
      String(text).split('\n').forEach(function (line, i) {
        var m = /(\d+)\s*$/.exec(line), from = ctx.role === 'fugitive' ? (i === 0 ? st.fugitive : null) : st.detectives[i];
        if (!m || typeof from !== 'number' || from < 1 || from > st.cities) return;
        var to = Number(m[1]);
        drawn = to >= 1 && to <= st.cities ? rejectedPath(g, [at.pos(from), at.pos(to)]) : rejectedRing(g, at.pos(from), at.R + 6);
      });
      return drawn;
    },
    draw: function (stage, st, ctx) {
      var n = st.cities, layout = onTheRunLayout(st), pos = layout.pos, width = layout.width, height = layout.height, R = layout.R;      var g = svg(Math.ceil(width), Math.ceil(height), stage, 'On The Run map');
      // What the detectives have been told so far, and where the fugitive really went (the jury sees both).
      var known = {}, trail = [];
      for (var i = 0; i <= ctx.index; i++) {
        var p = ctx.all[i].state;
        if (!isObj(p)) continue;
        if (typeof p.detectivesKnow === 'number' && p.detectivesKnow > 0 && !(p.detectivesKnow in known)) known[p.detectivesKnow] = p.ply;
        if (typeof p.fugitive === 'number' && p.fugitive > 0 && trail[trail.length - 1] !== p.fugitive) trail.push(p.fugitive);
      }
      var visited = {};
      trail.forEach(function (c) { visited[c] = true; });
      if (isArr(st.connections) && st.connections.length <= 5000) {
        var style = { C: { stroke: '#adb5bd', w: 1 }, T: { stroke: '#2f9e44', w: 2 }, P: { stroke: '#7048e8', w: 1.5, dash: '5 4' } };
        st.connections.forEach(function (c) {
          if (!c || typeof c.a !== 'number' || typeof c.b !== 'number' || c.a < 1 || c.b < 1 || c.a > n || c.b > n) return;
          var a = pos(c.a), b = pos(c.b), k = style[c.mode] || style.C;
          var attrs = { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: k.stroke, 'stroke-width': k.w, 'stroke-opacity': 0.7, 'class': 'link-' + c.mode };
          if (k.dash) attrs['stroke-dasharray'] = k.dash;
          s('line', attrs, g);
        });
      }
      if (trail.length > 1) s('polyline', { points: trail.map(function (c) { return pos(c).join(','); }).join(' '), fill: 'none', stroke: '#d62728', 'stroke-width': 2.5, 'stroke-opacity': 0.45, 'stroke-linejoin': 'round', 'class': 'trail' }, g);
      for (var city = 1; city <= n; city++) {
        var q = pos(city);
        tip(s('circle', { cx: q[0], cy: q[1], r: R, fill: visited[city] ? '#ffe3e3' : '#f8f9fa', stroke: '#868e96', 'stroke-width': 1 }, g), 'city ' + city + (visited[city] ? '; the fugitive has been here' : ''));
        s('text', { x: q[0], y: q[1] + R * 0.3, 'text-anchor': 'middle', 'class': 'city', style: 'font-size:' + (R * 0.8).toFixed(1) + 'px' }, g, String(city));
      }
      Object.keys(known).forEach(function (k) {
        var q = pos(Number(k));
        tip(s('circle', { cx: q[0], cy: q[1], r: R + 3, fill: 'none', stroke: '#f08c00', 'stroke-width': 2.5, 'stroke-dasharray': '4 2', 'class': 'known' }, g), 'the detectives were told the fugitive was in city ' + k + ' (turn ' + known[k] + ')');
      });
      st.detectives.forEach(function (c, idx) {
        if (typeof c !== 'number' || c < 1 || c > n) return;
        var q = pos(c);
        var grp = s('g', { 'class': 'detective' }, g);
        tip(s('rect', { x: q[0] - R, y: q[1] - R, width: 2 * R, height: 2 * R, rx: 3, fill: '#1f77b4', stroke: '#0b3d63', 'stroke-width': 1.5 }, grp), 'detective ' + (idx + 1) + ' in city ' + c);
        s('text', { x: q[0], y: q[1] + R * 0.35, 'text-anchor': 'middle', 'class': 'token', style: 'font-size:' + (R * 0.9).toFixed(1) + 'px' }, grp, 'D' + (idx + 1));
      });
      if (typeof st.fugitive === 'number' && st.fugitive > 0 && st.fugitive <= n) {
        var f = pos(st.fugitive);
        var fg = s('g', { 'class': 'fugitive' }, g);
        tip(s('circle', { cx: f[0], cy: f[1], r: R * 0.8, fill: '#d62728', stroke: '#600', 'stroke-width': 1.5 }, fg), 'the fugitive is in city ' + st.fugitive);
        s('text', { x: f[0], y: f[1] + R * 0.3, 'text-anchor': 'middle', 'class': 'token', style: 'font-size:' + (R * 0.8).toFixed(1) + 'px' }, fg, 'F');
      }
      var caught = st.caught ? 'turn ' + st.caught.turn + ' in city ' + st.caught.city + ' (' + (st.caught.by === 'fugitive' ? 'the fugitive moved into a detective' : 'by the detectives') + ')' : null;
      info(stage, [['turn', st.ply], ['phase', st.phase], ['fugitive (truth)', st.fugitive], ['its route', trail.join(' → ')], ['detectives', st.detectives.join(' ')], ['last transport', st.lastMode], ['detectives were told', st.detectivesKnow], ['known positions so far', Object.keys(known).map(function (k) { return k + ' (turn ' + known[k] + ')'; }).join(', ')], ['caught', caught], ['map', 'grey: car, green: train, dashed purple: plane; red line: the fugitive\'s route; orange rings: positions the detectives were told']]);
      return g;
    },
  };

  // ---------------------------------------------------------------- SnakeCore: rows of W R b e p and the empty character
  function snakecoreCell(st) { return Math.max(12, Math.min(28, Math.floor(520 / Math.max(st.rows.length, st.rows[0].length)))); }
  var snakecore = {
    fits: function (st) { return isObj(st) && isStrRows(st.rows) && isArr(st.pythons); },
    rejected: function (g, st, text, ctx) {
      var C = snakecoreCell(st), M = 4;
      var p = st.pythons.filter(function (q) { return isObj(q) && String(q.python) === String(ctx.role); })[0];
      if (!p || !isArr(p.cells) || !isArr(p.cells[0])) return false;
      return rejectedAction(g, [M + p.cells[0][0] * C + C / 2, M + p.cells[0][1] * C + C / 2], C, text);
    },
    draw: function (stage, st, ctx) {
      var n = st.rows.length, w = st.rows[0].length, C = snakecoreCell(st), M = 4;
      var g = svg(M * 2 + C * w, M * 2 + C * n, stage, 'SnakeCore field');
      s('rect', { x: M, y: M, width: C * w, height: C * n, fill: '#f7f7f2', stroke: '#888' }, g);
      st.rows.forEach(function (row, y) {
        for (var x = 0; x < row.length; x++) {
          var ch = row.charAt(x), X = M + x * C, Y = M + y * C;
          if (ch === 'W') tip(s('rect', { x: X, y: Y, width: C, height: C, fill: '#555' }, g), 'wall (' + x + ',' + y + ')');
          else if (ch === 'R') tip(s('circle', { cx: X + C / 2, cy: Y + C / 2, r: C * 0.42, fill: '#ffd43b', stroke: '#b08900', 'stroke-width': 2 }, g), 'reactor (' + x + ',' + y + ')');
          else if (ch === 'b') tip(s('rect', { x: X + C * 0.2, y: Y + C * 0.2, width: C * 0.6, height: C * 0.6, fill: '#a0522d' }, g), 'ordinary block (' + x + ',' + y + ')');
          else if (ch === 'e') tip(s('rect', { x: X + C * 0.2, y: Y + C * 0.2, width: C * 0.6, height: C * 0.6, fill: '#2f9e44', rx: 2 }, g), 'energy block (' + x + ',' + y + ')');
        }
      });
      st.pythons.forEach(function (p, i) {
        if (!isObj(p) || !isArr(p.cells) || p.cells.length === 0) return;
        var color = p.disqualified ? '#999' : PLAYER_COLORS[i % PLAYER_COLORS.length];
        var pts = p.cells.map(function (c) { return (M + c[0] * C + C / 2) + ',' + (M + c[1] * C + C / 2); });
        var grp = s('g', { 'class': 'python' }, g);
        if (pts.length > 1) s('polyline', { points: pts.join(' '), fill: 'none', stroke: color, 'stroke-width': C * 0.35, 'stroke-opacity': 0.55, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' }, grp);
        var head = p.cells[0];
        var hx = M + head[0] * C + C / 2, hy = M + head[1] * C + C / 2;
        if (p.protection > 0) s('circle', { cx: hx, cy: hy, r: C * 0.55, fill: 'none', stroke: '#fab005', 'stroke-width': 2.5, 'stroke-dasharray': '3 2' }, grp);
        tip(s('circle', { cx: hx, cy: hy, r: C * 0.38, fill: color, stroke: '#000', 'stroke-width': 1 }, grp), 'python ' + (p.python || i + 1) + ' head at (' + head[0] + ',' + head[1] + '), ' + p.cells.length + ' cells');
        s('text', { x: hx, y: hy + 3.5, 'text-anchor': 'middle', 'class': 'token' }, grp, String(p.python || i + 1));
      });
      // One bot seat: botName; in a match every named python carries its bot's name.
      var own = st.pythons.filter(function (q) { return isObj(q) && String(q.python) === String(ctx.role); })[0];
      var rows = [['turn', st.ply], ['to move', st.toMove === null ? 'game over' : st.toMove], ['bot name', st.botName !== undefined ? st.botName : own && own.name]];
      st.pythons.forEach(function (p, i) {
        if (!isObj(p)) return;
        var id = p.python || i + 1;
        rows.push(['python ' + id + (String(id) === String(ctx.role) ? ' (the bot)' : ''), 'score ' + p.score + ', length ' + (isArr(p.cells) ? p.cells.length : '?') + (p.protection ? ', protected ' + p.protection : '') + (p.disqualified ? ', disqualified' : '') + (typeof p.name === 'string' ? ', bot ' + JSON.stringify(p.name) : '')]);
      });
      rows.push(['last', st.last]);
      rows.push(['key', 'dark: wall; yellow: reactor; brown: ordinary block; green: energy block; numbered circle: a python\'s head, its body the coloured line; dashed ring: protection']);
      info(stage, rows);
      return g;
    },
  };

  // ---------------------------------------------------------------- JavaChallenge2015: 6 x 6 blocks of 3 x 3 squares
  var javachallenge2015 = {
    fits: function (st) { return isObj(st) && isArr(st.blocks) && st.blocks.length > 0 && st.blocks.every(isArr) && isArr(st.players); },
    rejected: function (g, st, text, ctx) {
      var C = 24, M = 4;
      var p = st.players.filter(function (q, i) { return isObj(q) && String(q.id === undefined ? i : q.id) === String(ctx.role); })[0];
      if (!p || typeof p.x !== 'number' || typeof p.y !== 'number') return false;
      return rejectedAction(g, [M + p.x * C + C / 2, M + p.y * C + C / 2], C, text);
    },
    draw: function (stage, st, ctx) {
      var B = st.blocks.length, Q = 3, C = 24, M = 4, side = B * Q * C;
      var g = svg(M * 2 + side, M * 2 + side, stage, 'JavaChallenge2015 board');
      var marked = {};
      if (st.last && isArr(st.last.marked)) st.last.marked.forEach(function (m) { marked[m[0] + ',' + m[1]] = true; });
      st.blocks.forEach(function (row, r) {
        row.forEach(function (life, c) {
          var fill = life === 0 ? '#e9ecef' : life > 0 ? '#ffc078' : '#343a40';
          var what = life === 0 ? 'stable' : life > 0 ? 'falls in ' + life + ' turns' : 'fallen, back in ' + -life + ' turns';
          tip(s('rect', { x: M + c * Q * C, y: M + r * Q * C, width: Q * C, height: Q * C, fill: fill, stroke: marked[r + ',' + c] ? '#e03131' : '#868e96', 'stroke-width': marked[r + ',' + c] ? 3 : 1.5, 'class': life === 0 ? 'block' : life > 0 ? 'block falling' : 'block fallen' }, g), 'block row ' + r + ', column ' + c + ': ' + what);
          // The countdown sits in the block's corner, clear of the players standing on it.
          if (life !== 0) s('text', { x: M + c * Q * C + 4, y: M + r * Q * C + 15, 'class': life > 0 ? 'life' : 'life dark' }, g, String(Math.abs(life)));
        });
      });
      for (var i = 1; i < B * Q; i++) {
        if (i % Q === 0) continue;
        s('line', { x1: M, y1: M + i * C, x2: M + side, y2: M + i * C, stroke: '#adb5bd', 'stroke-width': 0.5 }, g);
        s('line', { x1: M + i * C, y1: M, x2: M + i * C, y2: M + side, stroke: '#adb5bd', 'stroke-width': 0.5 }, g);
      }
      var turn = { U: 0, R: 90, D: 180, L: 270 };
      st.players.forEach(function (p, i) {
        if (!isObj(p) || typeof p.x !== 'number' || typeof p.y !== 'number' || p.x < 0 || p.y < 0) return;
        var id = p.id === undefined ? i : p.id;
        var cx = M + p.x * C + C / 2, cy = M + p.y * C + C / 2;
        var grp = s('g', { transform: 'translate(' + cx + ',' + cy + ')', opacity: p.onBoard === false ? 0.35 : 1, 'class': 'player' }, g);
        tip(s('circle', { r: C * 0.42, fill: PLAYER_COLORS[id % PLAYER_COLORS.length], stroke: '#000', 'stroke-width': String(id) === String(ctx.role) ? 2.5 : 1 }, grp), 'player ' + id + ' at column ' + p.x + ', row ' + p.y + ', facing ' + p.D + (p.S ? ', cooling down ' + p.S : '') + (p.onBoard === false ? ', fell' : ''));
        s('polygon', { points: '0,' + (-C * 0.5) + ' 4,' + (-C * 0.3) + ' -4,' + (-C * 0.3), fill: '#000', transform: 'rotate(' + (turn[p.D] || 0) + ')' }, grp);
        s('text', { y: 4, 'text-anchor': 'middle', 'class': 'token' }, grp, String(id));
        if (p.onBoard === false) s('path', { d: 'M-8 -8L8 8M8 -8L-8 8', stroke: '#000', 'stroke-width': 2 }, grp);
      });
      var l = st.last;
      var lastText = isObj(l) ? 'turn ' + l.turn + ': player ' + l.actor + ' asked ' + l.requested + (l.played !== l.requested ? ', played ' + l.played : '') + (l.forcedByCooldown ? ' (cooling down)' : '') + (l.cancelled ? ', cancelled: ' + l.cancelled : '') + (isArr(l.fell) && l.fell.length ? '; fell: ' + l.fell.join(', ') : '') : null;
      var rows = [['turn T', st.T !== undefined ? st.T : st.ply], ['placement', st.placement], ['last', lastText], ['key', 'grey block: stable; orange: falls in n turns (red edge: just attacked); dark: fallen, back in n turns; faded player: fell']];
      st.players.forEach(function (p, i) {
        if (!isObj(p)) return;
        var id = p.id === undefined ? i : p.id;
        rows.push(['player ' + id + (String(id) === String(ctx.role) ? ' (the bot)' : ''), p.onBoard === false ? 'fell' : '(' + p.x + ',' + p.y + ') facing ' + p.D + (p.S ? ', cooldown ' + p.S : '')]);
      });
      info(stage, rows);
      return g;
    },
  };

  // ---------------------------------------------------------------- anything else: a grid, a text, or the snapshot as text
  // A game package draws without client code by giving its snapshot \`grid\` (rows of one character
  // per cell; each character its own colour, '.' and ' ' empty) or \`text\` (shown as it is).
  var GRID_COLOURS = ['#1f6feb', '#d1242f', '#1a7f37', '#9a6700', '#8250df', '#bf3989', '#0e7490', '#57606a'];
  var generic = {
    fits: function () { return true; },
    draw: function (stage, st) {
      if (st && Array.isArray(st.grid) && st.grid.length > 0 && st.grid.length <= 200 && st.grid.every(function (r) { return typeof r === 'string' && r.length <= 200; })) {
        var rows = st.grid, cols = Math.max.apply(null, rows.map(function (r) { return r.length; })), cell = Math.max(6, Math.min(28, Math.floor(480 / Math.max(cols, rows.length))));
        var g = svg(cols * cell, rows.length * cell, stage, 'the game at this ply');
        var colours = {}, next = 0;
        rows.forEach(function (row, y) {
          for (var x = 0; x < row.length; x++) {
            var ch = row[x];
            s('rect', { x: x * cell, y: y * cell, width: cell, height: cell, fill: '#f6f8fa', stroke: '#d0d7de' }, g);
            if (ch === '.' || ch === ' ') continue;
            if (!(ch in colours)) colours[ch] = GRID_COLOURS[next++ % GRID_COLOURS.length];
            s('rect', { x: x * cell + 2, y: y * cell + 2, width: cell - 4, height: cell - 4, rx: 3, fill: colours[ch] }, g);
            if (cell >= 14) s('text', { x: x * cell + cell / 2, y: y * cell + cell / 2 + 4, 'text-anchor': 'middle', 'font-size': Math.floor(cell / 2), fill: '#fff' }, g, ch);
          }
        });
        if (typeof st.text === 'string') h('pre', { 'class': 'state-text' }, stage, st.text.slice(0, 20000));
        return;
      }
      if (st && typeof st.text === 'string') {
        h('pre', { 'class': 'state-text' }, stage, st.text.slice(0, 20000));
        return;
      }
      var text = JSON.stringify(st, null, 1);
      if (text === undefined) text = String(st);
      h('pre', { 'class': 'state-json' }, stage, text.length > 20000 ? text.slice(0, 20000) + '\n…' : text);
    },
  };

  var RENDERERS = { alquerque: alquerque, amazes: amazes, 'on-the-run': onTheRun, snakecore: snakecore, javachallenge2015: javachallenge2015 };

  // ---------------------------------------------------------------- filters: by status and by verdict code
  var filters = document.querySelector('nav.filters');
  if (filters) {
    filters.hidden = false;
    var chosen = { status: '', code: '' };
    var applyFilter = function () {
      var shown = 0;
      Array.prototype.forEach.call(document.querySelectorAll('tr[data-status], details.scenario[data-status]'), function (el) {
        var codes = (el.getAttribute('data-codes') || '').split(' ');
        var show = (chosen.status === '' || el.getAttribute('data-status') === chosen.status) && (chosen.code === '' || codes.indexOf(chosen.code) >= 0);
        el.hidden = !show;
        if (show && el.tagName === 'DETAILS') shown++;
      });
      var none = document.querySelector('.filtered-out');
      if (none) none.hidden = shown > 0;
    };
    Array.prototype.forEach.call(filters.querySelectorAll('button.filter'), function (b) {
      b.addEventListener('click', function () {
        var kind = b.getAttribute('data-filter'), value = b.getAttribute('data-value');
        chosen[kind] = chosen[kind] === value ? '' : value;
        Array.prototype.forEach.call(filters.querySelectorAll('button[data-filter="' + kind + '"]'), function (other) {
          other.setAttribute('aria-pressed', other.getAttribute('data-value') === chosen[kind] ? 'true' : 'false');
        });
        applyFilter();
      });
    });
  }

  // ---------------------------------------------------------------- one scenario: transcript, replay, chart readout
  var ARROWS = { jury: 'jury \u2192 bot', bot: 'bot \u2192 jury', stderr: 'bot stderr', event: '' };

  // Each scenario is unpacked once; the promise gives its replay (null when it has none).
  var setups = {};
  function setupScenario(section) {
    var index = Number(section.getAttribute('data-scenario'));
    if (setups[index]) return setups[index];
    var run = data.scenarios[index];
    var container = section.querySelector('.replay');
    if (!run || !container) return (setups[index] = Promise.resolve(null));
    setups[index] = unpack(run.pack).then(function (pack) {
      var rows = renderTranscript(section, pack);
      var frames = decodeFrames(pack.frames);
      var replay = frames.length > 0 ? setupReplay(container, run, frames, rows) : null;
      setupReadout(section, pack, replay);
      container.setAttribute('data-ready', 'true');
      status.ready++;
      return replay;
    }).catch(function (err) {
      h('p', { 'class': 'draw-error' }, container, 'could not unpack this scenario: ' + (err && err.message ? err.message : String(err)));
      status.drawErrors.push('unpack: ' + (err && err.message ? err.message : String(err)));
      container.setAttribute('data-ready', 'error');
      return null;
    });
    return setups[index];
  }

  // A link to a scenario (the summary table, the causes) opens it, shows the position of its first
  // violation, and scrolls to it; so does a page opened at #scenario-N.
  function openScenario(index) {
    var section = document.getElementById('scenario-' + index);
    if (!section) return;
    section.hidden = false;
    section.open = true;
    setupScenario(section).then(function (replay) {
      if (replay) replay.showFirstViolation();
      section.scrollIntoView();
      status.opened = index;
    });
  }
  document.addEventListener('click', function (ev) {
    var link = ev.target && ev.target.closest ? ev.target.closest('a.open-scenario') : null;
    if (!link) return;
    var m = /^#scenario-(\d+)$/.exec(link.getAttribute('href') || '');
    if (!m) return;
    ev.preventDefault();
    if (history.replaceState) history.replaceState(null, '', '#scenario-' + m[1]);
    openScenario(Number(m[1]));
  });

  function renderTranscript(section, pack) {
    var box = section.querySelector('.transcript-box');
    if (!box) return [];
    var table = h('table', { 'class': 'transcript' }, box);
    var body = h('tbody', null, table);
    return pack.transcript.map(function (line) {
      var dir = data.dirs[line[1]] || 'event';
      var verdict = dir === 'event' && /^(error|warning) /.test(line[2]) ? ' verdict' : '';
      var tr = h('tr', { 'class': dir + verdict, 'data-t': line[0], title: 'show the position at this line' }, body);
      h('td', { 'class': 't' }, tr, line[0].toFixed(2));
      h('td', { 'class': 'dir' }, tr, ARROWS[dir]);
      h('td', { 'class': 'text' }, tr, line[2]);
      return tr;
    });
  }

  /** Hovering the reply-time chart names the reply under the pointer; clicking it shows that position. */
  function setupReadout(section, pack, replay) {
    var chart = section.querySelector('.timing svg');
    var readout = section.querySelector('.timing .readout');
    if (!chart || !readout) return;
    var step = Number(chart.getAttribute('data-step')), left = Number(chart.getAttribute('data-left'));
    var at = function (ev) {
      var box = chart.getBoundingClientRect();
      var i = Math.floor(((ev.clientX - box.left) * (chart.viewBox.baseVal.width / box.width) - left) / step);
      return i >= 0 && i < pack.replies.length ? i : -1;
    };
    chart.addEventListener('mousemove', function (ev) {
      var i = at(ev);
      if (i < 0) { readout.textContent = ''; return; }
      var r = pack.replies[i];
      readout.textContent = 'reply ' + (i + 1) + ' (ply ' + r[0] + '): ' + r[1] + ' ms wall' + (r[2] !== null ? ', ' + r[2] + ' ms CPU' : '') + (r[3] !== null ? ', limit ' + r[3] + ' ms' : ', no limit') + (replay ? '; click to show the position' : '');
    });
    if (replay) chart.addEventListener('click', function (ev) {
      var i = at(ev);
      if (i >= 0) replay.showPly(pack.replies[i][0]);
    });
  }

  // ---------------------------------------------------------------- the replay widget
  function setupReplay(container, run, all, rows) {
    status.replays++;
    var renderer = RENDERERS[run.game];
    var options = {};
    // The position the bot faced when a verdict was given: the last one recorded before it.
    var faced = function (atMs) {
      var f = 0;
      for (var i = 0; i < all.length; i++) if (all[i].t <= atMs) f = i;
      return f;
    };
    (run.marks || []).forEach(function (mark) {
      mark.frame = faced(mark.atMs);
      if (mark.rejected !== undefined) all[mark.frame].rejected.push(mark);
    });
    var controls = h('div', { 'class': 'replay-controls' }, container);
    var prev = h('button', { type: 'button', 'aria-label': 'previous ply' }, controls, '\u25c0');
    var slider = h('input', { type: 'range', min: 0, max: all.length - 1, value: 0, step: 1, 'aria-label': 'ply', 'class': 'ply-slider' }, controls);
    var next = h('button', { type: 'button', 'aria-label': 'next ply' }, controls, '\u25b6');
    var label = h('span', { 'class': 'replay-label' }, controls);
    if (run.marks && run.marks.length) {
      var jumps = h('div', { 'class': 'replay-jumps' }, container);
      h('span', null, jumps, 'jump to the position the bot faced: ');
      var seen = {};
      run.marks.forEach(function (mark) {
        var name = 'ply ' + mark.ply + ' (' + mark.code + ')';
        if (seen[name]) return;
        seen[name] = true;
        var b = h('button', { type: 'button', 'class': 'jump' + (mark.rejected !== undefined ? ' rejected' : '') }, jumps, name);
        b.addEventListener('click', function () { show(mark.frame); });
      });
    }
    var rejectedNote = h('p', { 'class': 'rejected-note', hidden: '' }, container);
    var stage = h('div', { 'class': 'replay-stage' }, container);
    // The transcript lines written while the shown position stood are highlighted; clicking a line shows that position.
    var rowT = rows.map(function (r) { return Number(r.getAttribute('data-t')); });
    var box = rows.length ? rows[0].closest('.transcript-box') : null;
    var marked = [];
    function markTranscript(i) {
      marked.forEach(function (r) { r.classList.remove('at'); });
      marked = [];
      var from = i > 0 ? all[i].t : -Infinity, to = i + 1 < all.length ? all[i + 1].t : Infinity;
      for (var k = firstAtOrAfter(from); k < rows.length && rowT[k] < to; k++) { rows[k].classList.add('at'); marked.push(rows[k]); }
      if (marked.length && box && box.offsetParent !== null) box.scrollTop = Math.max(0, marked[0].offsetTop - box.clientHeight / 3);
    }
    function firstAtOrAfter(t) {
      var lo = 0, hi = rowT.length;
      while (lo < hi) { var mid = (lo + hi) >> 1; if (rowT[mid] >= t) hi = mid; else lo = mid + 1; }
      return lo;
    }
    rows.forEach(function (row, k) {
      row.addEventListener('click', function () { show(faced(rowT[k])); });
    });
    var current = 0;
    function show(i) {
      current = Math.max(0, Math.min(all.length - 1, i));
      slider.value = String(current);
      var snap = all[current];
      label.textContent = 'position ' + (current + 1) + ' of ' + all.length + ' \u2014 ply ' + snap.ply + (snap.move !== null && snap.move !== undefined ? ', after ' + snap.move : ', start') + ' \u2014 ' + snap.t + ' ms';
      rejectedNote.hidden = snap.rejected.length === 0;
      rejectedNote.textContent = snap.rejected.map(function (m) { return 'ply ' + m.ply + ': the bot answered \u201c' + m.rejected + '\u201d here, rejected (' + m.code + '); drawn in red, dashed'; }).join('; ');
      markTranscript(current);
      stage.textContent = '';
      var use = renderer && renderer.fits(snap.state) ? renderer : generic;
      stage.setAttribute('data-renderer', use === generic ? 'generic' : run.game);
      try {
        var g = use.draw(stage, snap.state, { all: all, index: current, role: run.role, options: options, redraw: function () { show(current); } });
        snap.rejected.forEach(function (m) {
          var layer = g && use.rejected ? tip(s('g', { 'class': 'rejected-move' }, g), 'rejected: ' + m.rejected) : null;
          if (layer && use.rejected(layer, snap.state, m.rejected, { role: run.role })) return;
          if (layer) g.removeChild(layer);
          rejectedNote.textContent += ' (this answer cannot be drawn)';
        });
      } catch (err) {
        // A drawing bug must never hide the data: show the snapshot as text and remember the failure.
        status.drawErrors.push(run.game + ': ' + (err && err.message ? err.message : String(err)));
        stage.textContent = '';
        stage.setAttribute('data-renderer', 'generic');
        h('p', { 'class': 'draw-error' }, stage, 'could not draw this position (' + (err && err.message ? err.message : String(err)) + '); the snapshot as recorded:');
        generic.draw(stage, snap.state);
      }
    }
    slider.addEventListener('input', function () { show(Number(slider.value)); });
    prev.addEventListener('click', function () { show(current - 1); });
    next.addEventListener('click', function () { show(current + 1); });
    show(0);
    return {
      // The position the bot faced at its first violation (by time), or the start when it had none.
      showFirstViolation: function () {
        var marks = (run.marks || []).slice().sort(function (a, b) { return a.atMs - b.atMs; });
        show(marks.length ? marks[0].frame : 0);
      },
      // The first position at or after the ply before this one (the position the answer at this ply faced).
      showPly: function (ply) {
        var f = all.length - 1;
        for (var i = all.length - 1; i >= 0; i--) if (all[i].ply >= ply - 1) f = i;
        show(f);
      },
    };
  }

  // Scenarios are unpacked and drawn when opened, so a report of hundreds of games opens fast.
  Array.prototype.forEach.call(document.querySelectorAll('details.scenario'), function (section) {
    if (section.open) { setupScenario(section); return; }
    var onToggle = function () {
      if (!section.open) return;
      section.removeEventListener('toggle', onToggle);
      setupScenario(section);
    };
    section.addEventListener('toggle', onToggle);
  });
  var atLoad = /^#scenario-(\d+)$/.exec(location.hash);
  if (atLoad) openScenario(Number(atLoad[1]));
})();
`;

/** The page's script, with the one patch function the reporter's tests also use. */
export const CLIENT_SCRIPT = SCRIPT.replace('/*applyPatch*/', () => applyPatch.toString());
