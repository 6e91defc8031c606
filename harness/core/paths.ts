// Where botjury's own files are, whether running from dist/ or from the TypeScript sources (tests).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'schemas', 'scenario.schema.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('botjury: cannot find its schemas/ folder');
    dir = up;
  }
  return dir;
}

export const PACKAGE_ROOT = findRoot();
export const SCHEMA_DIR = path.join(PACKAGE_ROOT, 'schemas');
export const SCENARIO_DIR = path.join(PACKAGE_ROOT, 'scenarios');
