// JSON reporter: the whole run as one document (schemas/report.schema.json), transcripts included.
import type { Reporter, RunReport } from '../harness/core/runner.js';
import type { Output } from './output.js';

/** The report without the per-ply snapshots other reporters asked for (they belong to drawings). */
export function toJsonReport(report: RunReport): RunReport {
  return { ...report, results: report.results.map(({ snapshots: _s, ...r }) => r) };
}

export function jsonReporter(out: Output): Reporter {
  return {
    onRunEnd(report) {
      out.write(`${JSON.stringify(toJsonReport(report), null, 2)}\n`);
      return out.close();
    },
  };
}
