// The HTML report's stylesheet, inlined into the page (no fonts or images from the network).
export const STYLE = `
:root { --ok: #2b8a3e; --bad: #c92a2a; --warn: #e67700; --muted: #6c757d; --line: #dee2e6; --bg2: #f8f9fa; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto; max-width: 1200px; padding: 16px 24px 64px; color: #212529; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 17px; margin: 28px 0 8px; }
h3 { font-size: 15px; margin: 16px 0 6px; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
pre { background: var(--bg2); border: 1px solid var(--line); padding: 6px 8px; overflow-x: auto; white-space: pre-wrap; word-break: break-all; margin: 2px 0; }
.muted { color: var(--muted); }
.badge { display: inline-block; min-width: 56px; text-align: center; padding: 1px 8px; border-radius: 10px; color: #fff; font-size: 12px; font-weight: 600; }
.badge.passed { background: var(--ok); } .badge.failed { background: var(--bad); } .badge.error { background: var(--warn); } .badge.skipped { background: var(--muted); } .badge.inconclusive { background: #b58900; }
.totals span { margin-right: 16px; font-size: 16px; font-weight: 600; }
.totals .passed { color: var(--ok); } .totals .failed { color: var(--bad); } .totals .error { color: var(--warn); } .totals .skipped { color: var(--muted); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--bg2); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
details.scenario { border: 1px solid var(--line); border-radius: 6px; margin: 10px 0; padding: 0 12px; }
details.scenario[open] { padding-bottom: 12px; }
details.scenario > summary { cursor: pointer; padding: 8px 0; font-weight: 600; }
details.scenario.failed { border-left: 4px solid var(--bad); } details.scenario.error { border-left: 4px solid var(--warn); } details.scenario.passed { border-left: 4px solid var(--ok); } details.scenario.skipped { border-left: 4px solid var(--muted); } details.scenario.inconclusive { border-left: 4px dashed #b58900; }
.meta { display: grid; grid-template-columns: max-content 1fr; gap: 1px 12px; margin: 6px 0; }
.meta dt { color: var(--muted); } .meta dd { margin: 0; }
.violation { border: 1px solid var(--line); border-radius: 4px; padding: 6px 10px; margin: 6px 0; }
.violation.error { border-left: 4px solid var(--bad); } .violation.warning { border-left: 4px solid var(--warn); }
.violation .code { font-weight: 700; font-family: ui-monospace, monospace; }
.violation .rule { font-style: italic; color: #495057; }
.timing svg { display: block; max-width: 100%; height: auto; }
.timing .over { fill: var(--bad); } .timing .under { fill: #4dabf7; } .timing .limit { stroke: var(--bad); stroke-dasharray: 5 3; fill: none; }
.timing text { font-size: 10px; fill: var(--muted); }
details.transcript > summary { cursor: pointer; color: #1c7ed6; }
table.transcript td { padding: 0 8px; border: 0; font-family: ui-monospace, monospace; font-size: 12px; white-space: pre-wrap; word-break: break-all; }
table.transcript td.t { color: var(--muted); text-align: right; white-space: nowrap; }
table.transcript tr.jury td.text { color: #1864ab; } table.transcript tr.bot td.text { color: #087f5b; }
table.transcript tr.stderr td.text { color: #a61e4d; } table.transcript tr.event td.text { color: #495057; font-style: italic; }
table.transcript tr.verdict td.text { color: var(--bad); font-weight: 600; }
table.transcript tr.at td { background: #fff3bf; }
.replay { margin: 8px 0; }
.replay-controls { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.replay-controls input[type=range] { flex: 1 1 300px; }
.replay-label { font-family: ui-monospace, monospace; font-size: 12px; }
.replay-jumps, .replay-options { margin: 4px 0; font-size: 12px; }
.replay-jumps button, .replay-options button { font-size: 12px; margin: 0 4px 2px 0; }
.replay-options button.on { font-weight: 700; background: #d0ebff; }
.replay-stage { display: flex; gap: 16px; align-items: flex-start; flex-wrap: wrap; margin-top: 6px; }
.replay-stage svg.board { max-width: 100%; height: auto; border: 1px solid var(--line); background: #fff; }
.state-info { display: grid; grid-template-columns: max-content minmax(200px, 420px); gap: 2px 10px; margin: 0; font-size: 13px; }
.state-info dt { color: var(--muted); } .state-info dd { margin: 0; word-break: break-word; }
svg text.coord { font-size: 11px; fill: #6b5426; } svg text.city { font-size: 9px; fill: #333; }
svg text.token { font-size: 10px; font-weight: 700; fill: #fff; } svg text.life { font-size: 12px; font-weight: 700; fill: #7a3e00; } svg text.life.dark { fill: #fff; }
.state-json { max-height: 420px; overflow: auto; } .state-text { white-space: pre; font-family: ui-monospace, monospace; }
.draw-error { color: var(--bad); }
footer { margin-top: 32px; color: var(--muted); font-size: 12px; }
[hidden] { display: none !important; }
.causes ol { margin: 4px 0; padding-left: 24px; }
.causes li.cause { margin: 6px 0; }
.causes .code, td.verdicts .code { font-weight: 700; font-family: ui-monospace, monospace; color: var(--bad); }
.causes li.error .code { color: var(--warn); }
.causes .cause-message { margin: 2px 0; font-family: ui-monospace, monospace; font-size: 12.5px; word-break: break-word; }
.causes .hint, .causes .muted { margin: 2px 0; }
td.verdicts { font-size: 12.5px; word-break: break-word; }
td.verdicts .verdict-line { margin: 1px 0; }
td.verdicts .verdict-line.warning .code { color: var(--warn); }
table.standings { width: auto; margin: 4px 0; }
table.standings td:first-child, table.standings th:first-child { font-weight: 600; }
.filters { margin: 10px 0; }
.filter-row { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; margin: 3px 0; }
.filter-row > span { min-width: 56px; }
button.filter { font-size: 12px; border: 1px solid var(--line); background: #fff; border-radius: 12px; padding: 1px 10px; cursor: pointer; }
button.filter[aria-pressed=true] { background: #d0ebff; border-color: #74c0fc; font-weight: 600; }
button.filter .n { color: var(--muted); font-variant-numeric: tabular-nums; }
.filtered-out { color: var(--muted); font-style: italic; }
.violation .count { background: var(--bad); color: #fff; border-radius: 10px; padding: 0 7px; font-size: 12px; font-weight: 700; }
.violation.warning .count { background: var(--warn); }
.related { margin: 6px 0 0 12px; } .related > p { margin: 2px 0; color: var(--muted); }
.hint { background: #fff9db; border: 1px solid #ffe066; padding: 4px 8px; border-radius: 4px; }
.evidence-words { margin: 4px 0; font-weight: 600; }
table.evidence, table.occurrences { width: auto; margin: 2px 0; font-size: 13px; }
table.evidence th { background: none; color: var(--muted); font-weight: normal; }
details.raw-evidence > summary, details.occurrences > summary { cursor: pointer; color: #1c7ed6; font-size: 12px; }
.no-replies { color: #495057; }
.timing .limit-label { fill: var(--bad); font-size: 10px; }
.transcript-box { position: relative; max-height: 420px; overflow: auto; border: 1px solid var(--line); }
table.transcript tr[data-t] { cursor: pointer; } table.transcript tr[data-t]:hover td { background: var(--bg2); }
.rejected-note { color: var(--bad); font-weight: 600; margin: 4px 0; }
.replay-jumps button.rejected { border-color: var(--bad); }
`;
