// Reporter names on the command line → reporters. Each reporter is one small file.
import type { Reporter } from '../harness/core/runner.js';
import { consoleReporter } from './console.js';
import { jsonReporter } from './json.js';
import { fileOutput, type Output } from './output.js';

export type ReporterFactory = (out: Output) => Reporter;

export const REPORTERS: Record<string, ReporterFactory> = {
  console: (out) => consoleReporter(out),
  json: (out) => jsonReporter(out),
};

export { consoleReporter, jsonReporter, fileOutput };
