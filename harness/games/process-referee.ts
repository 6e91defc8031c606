// Referees in any language: a game package may be a manifest (`game.json`) naming a referee program.
// botjury starts one referee process per game and seat and talks to it in JSON lines (one request,
// one response; schemas/referee-protocol.schema.json, docs/game-api.md), while it keeps everything
// about the bot: process, clock, flushing, lifecycle, reports, replay, fuzz, match.
//
// The Referee contract is synchronous (the session asks, the jury answers at once), so the referee
// is spoken to over two FIFOs with blocking reads: a referee only computes, so a call takes
// microseconds to milliseconds, and no bot answer is due while the jury thinks.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ScenarioError, type Ending, type FailureCode, type GameDefinition, type JuryAction, type Judgement, type Outcome, type Referee, type RefereeContext } from '../core/game.js';
import { HarnessError } from '../core/bot-process.js';
import type { JuryProfile } from '../core/profile.js';
import type { Rng } from '../core/rng.js';

/** What a `game.json` manifest holds: the definition's data, and the referee's command. */
export interface RefereeManifest {
  id: string;
  title: string;
  ruleText?: string;
  roles: string[];
  profiles: Record<string, JuryProfile>;
  defaultProfile: string;
  /** Relative to the manifest. */
  suite?: string;
  setupSchema?: Record<string, unknown>;
  goals?: Record<string, string>;
  /** The referee program, run without a shell from the manifest's folder (e.g. ["python3", "referee.py"]). */
  referee: string[];
}

/** A response is one line; a referee that writes more is broken. */
const MAX_RESPONSE_BYTES = 4 << 20;
/** A referee that does not answer a request in this time is broken (a harness fault, exit 2). */
const RESPONSE_TIMEOUT_MS = 10_000;

export function processGame(manifest: RefereeManifest, dir: string): GameDefinition {
  return {
    id: manifest.id,
    title: manifest.title,
    ruleText: manifest.ruleText ?? path.join(dir, 'README.md'),
    roles: manifest.roles,
    profiles: manifest.profiles,
    defaultProfile: manifest.defaultProfile,
    ...(manifest.suite ? { suiteDir: path.resolve(dir, manifest.suite) } : {}),
    ...(manifest.setupSchema ? { setupSchema: manifest.setupSchema } : {}),
    ...(manifest.goals ? { goals: manifest.goals } : {}),
    createReferee: (ctx) => new ProcessReferee(manifest, dir, ctx),
  };
}

/** The referee program's own fault (it crashed, wrote no JSON, broke the protocol): the harness's, exit 2. */
export class RefereeProtocolError extends HarnessError {}

/** Open referee connections, ended with botjury whatever happens. */
const OPEN = new Set<RefereeConnection>();
process.on('exit', () => {
  for (const c of OPEN) c.close();
});

/** Sleeps the thread briefly (the referee is computing; nothing else can happen meanwhile). */
const SLEEPER = new Int32Array(new SharedArrayBuffer(4));
const pause = (ms: number): void => void Atomics.wait(SLEEPER, 0, 0, ms);

class RefereeConnection {
  private readonly child: ChildProcess;
  private readonly fifoDir: string;
  private readonly toReferee: number;
  private readonly fromReferee: number;
  private pending = '';
  private closed = false;
  private stderr = '';

  constructor(command: string[], cwd: string) {
    // The referee reads requests on stdin and writes responses on stdout, which are FIFOs here so
    // that botjury can read its answers synchronously: its own end of stdout is non-blocking (EOF
    // when the referee ends), its end of stdin is opened read-write so that no open ever blocks.
    this.fifoDir = mkdtempSync(path.join(os.tmpdir(), 'botjury-referee-'));
    const inPath = path.join(this.fifoDir, 'in');
    const outPath = path.join(this.fifoDir, 'out');
    execFileSync('mkfifo', [inPath, outPath]);
    this.toReferee = openSync(inPath, constants.O_RDWR);
    this.fromReferee = openSync(outPath, constants.O_RDONLY | constants.O_NONBLOCK);
    const childIn = openSync(inPath, constants.O_RDONLY);
    const childOut = openSync(outPath, constants.O_WRONLY);
    try {
      this.child = spawn(command[0]!, command.slice(1), {
        cwd,
        stdio: [childIn, childOut, 'pipe'],
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LANG: process.env.LANG ?? 'C.UTF-8' },
      });
    } finally {
      closeSync(childIn);
      closeSync(childOut);
    }
    this.child.on('error', (e) => {
      this.stderr += `cannot start ${command[0]}: ${e.message}`;
    });
    this.child.stderr!.on('data', (b: Buffer) => {
      if (this.stderr.length < 8192) this.stderr += b.toString('utf8');
    });
    OPEN.add(this);
  }

  request(message: Record<string, unknown>): Record<string, unknown> {
    if (this.closed) throw new RefereeProtocolError(`referee: ${String(message.op)} after the game's referee was closed`);
    writeSync(this.toReferee, `${JSON.stringify(message)}\n`);
    const line = this.readLine(String(message.op));
    let response: unknown;
    try {
      response = JSON.parse(line);
    } catch {
      throw new RefereeProtocolError(`referee: answered '${line.slice(0, 200)}' to ${String(message.op)}, which is not JSON`);
    }
    if (!response || typeof response !== 'object' || Array.isArray(response)) throw new RefereeProtocolError(`referee: the answer to ${String(message.op)} is not a JSON object`);
    const r = response as Record<string, unknown>;
    if (r.error === 'scenario') throw new ScenarioError(String(r.message ?? 'the referee rejects the scenario'));
    if (r.error !== undefined) throw new RefereeProtocolError(`referee: ${String(r.message ?? r.error)}`);
    return r;
  }

  private readLine(op: string): string {
    const buffer = Buffer.alloc(65536);
    const started = Date.now();
    for (let idle = 0; ; ) {
      const nl = this.pending.indexOf('\n');
      if (nl >= 0) {
        const line = this.pending.slice(0, nl);
        this.pending = this.pending.slice(nl + 1);
        return line;
      }
      if (this.pending.length > MAX_RESPONSE_BYTES) throw new RefereeProtocolError(`referee: an answer to ${op} longer than ${MAX_RESPONSE_BYTES} bytes`);
      let n: number;
      try {
        n = readSync(this.fromReferee, buffer, 0, buffer.length, null);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
        if (Date.now() - started > RESPONSE_TIMEOUT_MS) throw new RefereeProtocolError(`referee: no answer to ${op} within ${RESPONSE_TIMEOUT_MS} ms`);
        // Sleep in short steps rather than spin: the referee and the bots need the CPU more.
        pause(++idle < 20 ? 0.02 : 0.2);
        continue;
      }
      if (n === 0) throw new RefereeProtocolError(`referee: ended without answering ${op}${this.stderr ? `; its stderr: ${this.stderr.trim().slice(0, 500)}` : ''}`);
      idle = 0;
      this.pending += buffer.subarray(0, n).toString('utf8');
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    OPEN.delete(this);
    try {
      closeSync(this.toReferee);
      closeSync(this.fromReferee);
    } catch {
      // already closed
    }
    if (this.child.exitCode === null && this.child.pid !== undefined) this.child.kill('SIGKILL');
    rmSync(this.fifoDir, { recursive: true, force: true });
  }
}

class ProcessReferee implements Referee {
  private readonly connection: RefereeConnection;
  private readonly rng: Rng;

  constructor(manifest: RefereeManifest, dir: string, ctx: RefereeContext) {
    this.connection = new RefereeConnection(manifest.referee, dir);
    this.rng = ctx.rng.fork('opponent');
    try {
      this.connection.request({ op: 'start', role: ctx.role, seed: ctx.seed, setup: ctx.setup ?? null, profile: ctx.profile.name, opponent: ctx.opponent ?? null });
    } catch (e) {
      this.connection.close();
      throw e;
    }
  }

  next(): JuryAction {
    return this.connection.request({ op: 'next' }) as unknown as JuryAction;
  }

  answer(lines: string[]): Judgement {
    return this.connection.request({ op: 'answer', lines }) as unknown as Judgement;
  }

  botFailed(code: FailureCode): void {
    this.connection.request({ op: 'botFailed', code });
  }

  /**
   * The built-in opponent's choice is botjury's: the referee lists the moves its opponent would choose
   * among (`choose`), botjury picks one with the game's seeded generator, so a referee in any language
   * replays exactly, and plays as the built-in games' opponents do.
   */
  opponent(move: string | undefined): string {
    let r = this.connection.request({ op: 'opponent', move: move ?? null });
    if (Array.isArray(r.choose)) {
      if (r.choose.length === 0) throw new RefereeProtocolError('referee: an empty list of moves to choose from');
      r = this.connection.request({ op: 'opponent', move: this.rng.pick(r.choose as string[]) });
    }
    return String(r.played);
  }

  quit(): Ending {
    return this.connection.request({ op: 'quit' }) as unknown as Ending;
  }

  canonical(lines: string[]): string {
    return String(this.connection.request({ op: 'canonical', lines }).text);
  }

  canonicalScenarioMove(value: string | number | (string | number)[]): string {
    return String(this.connection.request({ op: 'canonicalScenarioMove', value }).text);
  }

  /** undefined: this referee cannot list them (answers: null). */
  legalAnswers(): string[] | undefined {
    const r = this.connection.request({ op: 'legalAnswers' });
    return Array.isArray(r.answers) ? (r.answers as string[]) : undefined;
  }

  outcome(): Outcome {
    return this.connection.request({ op: 'outcome' }) as unknown as Outcome;
  }

  dispose(): void {
    this.connection.close();
  }

  reached(): string[] {
    const r = this.connection.request({ op: 'reached' });
    return Array.isArray(r.goals) ? (r.goals as string[]) : [];
  }

  snapshot(): unknown {
    return this.connection.request({ op: 'snapshot' }).state;
  }
}
