// Whether bots can run isolated (--isolate: a bubblewrap sandbox, harness/core/isolation.ts) on this
// machine: the tournament turns isolation on by default where it works, and refuses --isolate where it
// does not.
import { isolationProblem } from '../core/isolation.js';

export function isolationAvailable(): boolean {
  return isolationProblem() === null;
}
