// Reporter names on the command line → reporters. Each reporter is one small file.
import type { Reporter } from '../harness/core/runner.js';
import { consoleReporter } from './console.js';
import { htmlReporter } from './html.js';
import { jsonReporter } from './json.js';
import { junitReporter } from './junit.js';
import { fileOutput, type Output } from './output.js';
import { tapReporter } from './tap.js';

export type ReporterFactory = (out: Output) => Reporter;

export const REPORTERS: Record<string, ReporterFactory> = {
  console: (out) => consoleReporter(out),
  json: (out) => jsonReporter(out),
  tap: (out) => tapReporter(out),
  junit: (out) => junitReporter(out),
  html: (out) => htmlReporter(out),
};

export { consoleReporter, jsonReporter, tapReporter, junitReporter, htmlReporter, fileOutput };
