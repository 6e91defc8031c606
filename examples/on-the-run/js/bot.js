#!/usr/bin/env node
// A correct On The Run bot (CodeCup 2007) in JavaScript for both roles, chosen by the first line.
//
// As the fugitive it takes the connection that keeps it out of reach of the detectives (more than
// three connections away counts as safe), then away from the city the detectives were last told,
// then far from all of them. As the detectives it spreads them out, then moves them towards the last
// city they were told (the start city, then each announcement), never two into one city.
//
// It reads connect.txt up to END (the demonstration files carry display data after it), writes each
// answer with process.stdout.write (synchronous on pipes), exits on Quit, and ends on its own after
// its move in turn 50.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const TURNS = 50;
const DETECTIVES = 4;

function readMap() {
  const lines = readFileSync('connect.txt', 'utf8').split('\n');
  const cities = Number(lines[0]);
  const links = Array.from({ length: cities + 1 }, () => []); // links[city] = [{ mode, to }]
  for (const raw of lines.slice(1)) {
    const line = raw.trim();
    if (line === 'END') break; // anything after END is display data
    const [mode, pair] = line.split(' ');
    const [a, b] = pair.split('-').map(Number);
    links[a].push({ mode, to: b });
    links[b].push({ mode, to: a });
  }
  return { cities, links };
}

const map = readMap();
const distCache = new Map();

/** Fewest connections (any mode) from `source` to every city. */
function dist(source) {
  if (!distCache.has(source)) {
    const d = new Array(map.cities + 1).fill(Infinity);
    d[source] = 0;
    const queue = [source];
    for (let i = 0; i < queue.length; i++)
      for (const { to } of map.links[queue[i]])
        if (d[to] === Infinity) {
          d[to] = d[queue[i]] + 1;
          queue.push(to);
        }
    distCache.set(source, d);
  }
  return distCache.get(source);
}

const nearest = (city, detectives) => Math.min(...detectives.map((d) => dist(d)[city]));
const neighbours = (city) => [...new Set(map.links[city].map((l) => l.to))];

function maxBy(items, score) {
  let best = items[0];
  let bestScore = -Infinity;
  for (const item of items) {
    const s = score(item);
    if (s > bestScore) (best = item), (bestScore = s);
  }
  return best;
}

// ---- reading the jury ----

const input = createInterface({ input: process.stdin })[Symbol.asyncIterator]();

async function readLine() {
  const { value, done } = await input.next();
  if (done || value.trim() === 'Quit') process.exit(0);
  return value.trim();
}

const write = (...lines) => process.stdout.write(lines.map((l) => `${l}\n`).join(''));

// ---- the fugitive ----

async function playFugitive() {
  const readDetectives = async () => [await readLine(), await readLine(), await readLine(), await readLine()].map(Number);
  let detectives = await readDetectives();
  const free = [];
  for (let c = 1; c <= map.cities; c++) if (!detectives.includes(c)) free.push(c);
  let at = maxBy(free, (c) => nearest(c, detectives) * 100 + map.links[c].length);
  let told = at;
  write(at);
  for (let turn = 1; turn <= TURNS; turn++) {
    if (turn > 1) detectives = await readDetectives();
    const move = maxBy(map.links[at], ({ to }) => {
      const sum = detectives.reduce((s, d) => s + dist(d)[to], 0);
      return Math.min(3, nearest(to, detectives)) * 100000 + Math.min(9, dist(told)[to]) * 1000 + sum;
    });
    write(`${move.mode} ${move.to}`);
    at = move.to;
    if (turn % 5 === 0) told = at; // the detectives are told where the fugitive is
  }
}

// ---- the detectives ----

/** The first choice of destinations (each detective's options in order) with no city used twice. */
function assign(options) {
  const chosen = [];
  const search = (i) => {
    if (i === options.length) return true;
    for (const city of options[i]) {
      if (chosen.includes(city)) continue;
      chosen.push(city);
      if (search(i + 1)) return true;
      chosen.pop();
    }
    return false;
  };
  search(0);
  return chosen;
}

async function playDetectives() {
  let cops = [1];
  while (cops.length < DETECTIVES) {
    const rest = [];
    for (let c = 1; c <= map.cities; c++) if (!cops.includes(c)) rest.push(c);
    cops.push(maxBy(rest, (c) => nearest(c, cops)));
  }
  write(...cops);
  let target = Number(await readLine()); // the fugitive's start city
  for (let turn = 1; turn <= TURNS; turn++) {
    const told = (await readLine()).split(' '); // the mode; on every fifth turn the mode and the city
    if (told.length === 2) target = Number(told[1]);
    const toTarget = dist(target);
    cops = assign(cops.map((c) => neighbours(c).sort((a, b) => toTarget[a] - toTarget[b])));
    write(...cops);
  }
}

const role = await readLine();
if (role === 'Fugitive') await playFugitive();
else await playDetectives();
process.exit(0); // after the move in turn 50: end on our own
