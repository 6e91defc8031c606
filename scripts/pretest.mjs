// What `npm test` does before the tests, side by side: the build (which the tests run), the type check of
// the tests (of the sources, not of the build: it needs nothing the build makes) and the example bots.
// One after another they took ~14 s on a fresh 2-core clone, mostly one core each (tsc is one thread).
// Fails, after all three ended, if any failed; each one's output is printed as it comes.
import { spawn } from 'node:child_process';

const steps = [
  ['npm', ['run', '-s', 'build']],
  ['npx', ['tsc', '-p', 'tsconfig.test.json']],
  ['make', ['-s', '-C', 'examples']],
];

const codes = await Promise.all(
  steps.map(
    ([command, args]) =>
      new Promise((resolve) => {
        const child = spawn(command, args, { stdio: 'inherit' });
        child.on('error', (e) => {
          console.error(`${command} ${args.join(' ')}: ${e.message}`);
          resolve(1);
        });
        child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
      }),
  ),
);
const failed = steps.filter((_, i) => codes[i] !== 0);
for (const [command, args] of failed) console.error(`pretest: \`${command} ${args.join(' ')}\` failed`);
process.exitCode = failed.length > 0 ? 1 : 0;
