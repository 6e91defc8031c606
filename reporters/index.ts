// Reporter names on the command line → reporters. Each reporter is one small file.
import type { Reporter } from '../harness/core/runner.js';
import { consoleReporter } from './console.js';
import { githubReporter } from './github.js';
import { htmlReporter } from './html.js';
import { jsonReporter } from './json.js';
import { junitReporter } from './junit.js';
import { fileOutput, type Output } from './output.js';
import { tapReporter } from './tap.js';

/** What the command line knows that a reporter may use (the console's re-run commands). */
export interface ReporterContext {
  rerunFlags?: string[];
  /** `--reporter github=FILE`: where its Markdown summary goes. */
  summaryFile?: string;
}

export type ReporterFactory = (out: Output, context?: ReporterContext) => Reporter;

export const REPORTERS: Record<string, ReporterFactory> = {
  console: (out, context) => consoleReporter(out, context?.rerunFlags ? { rerunFlags: context.rerunFlags } : {}),
  json: (out) => jsonReporter(out),
  tap: (out) => tapReporter(out),
  junit: (out) => junitReporter(out),
  html: (out) => htmlReporter(out),
  github: (out, context) => githubReporter({ annotations: out, ...(context?.summaryFile !== undefined ? { summaryFile: context.summaryFile } : {}), ...(context?.rerunFlags ? { rerunFlags: context.rerunFlags } : {}) }),
};

export { consoleReporter, jsonReporter, tapReporter, junitReporter, htmlReporter, githubReporter, fileOutput };
