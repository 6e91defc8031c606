// Referees in any language: a game package may be a manifest (`game.json`) naming a referee program.
// One referee process holds one whole game, every seat (protocol 2: schemas/referee-protocol.schema.json,
// docs/game-api.md); botjury keeps everything about the bots: processes, clocks, flushing, lifecycle,
// reports, replay, fuzz, match.
//
// A referee program is treated exactly like a hostile bot: it runs as a bot does (no shell, its own
// process group, a minimal environment, everything it starts ended with it, stderr drained into a
// bounded tail), spoken to asynchronously (the event loop that stamps the bots' replies never waits
// on it), each answer bounded in size and time and checked against the protocol's schema before any
// of it is used. Anything it does wrong is a RefereeFault: the harness's fault (exit 2), naming the
// referee, its last request and what it did — never a bot's verdict, never a hang.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv';
import { BotProcess, HarnessError } from '../core/bot-process.js';
import { ScenarioError, type AnswerRequest, type Ending, type FailureCode, type Game, type GameAction, type GameContext, type GameDefinition, type Judgement, type Outcome } from '../core/game.js';
import { SCHEMA_DIR } from '../core/paths.js';
import { printable } from '../core/printable.js';
import type { JuryProfile } from '../core/profile.js';
import type { Rng } from '../core/rng.js';
import { createAjv } from '../core/scenario.js';
import { validatorsOf, type ValidatorSet } from '../core/precompiled.js';

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
  scoring?: string;
  /** The referee program, run without a shell from the manifest's folder (e.g. ["python3", "referee.py"]). */
  referee: string[];
  /** The referee protocol it speaks: 2. */
  protocol: 2;
  /** The referee's own time limits. */
  refereeLimits?: { startupMs?: number; answerMs?: number };
  /** The referee handles `start` again after a game: botjury keeps its process for the next game. */
  refereeReuse?: boolean;
}

/** The referee's limits: an answer is one line of at most this many bytes. */
export const REFEREE_MAX_LINE_BYTES = 1 << 20;
/** Defaults of the referee's own time limits (game.json `refereeLimits` may set 100 ms … 120 s). */
export const REFEREE_DEFAULT_LIMITS = { startupMs: 10_000, answerMs: 10_000 } as const;
/**
 * A snapshot's state (`snapshot`: a picture of the game for the HTML report, asked after every ply) is
 * at most this many bytes of JSON: the built-in games' largest is ~13 kB (On The Run).
 */
export const REFEREE_MAX_SNAPSHOT_BYTES = 64 << 10;
/**
 * Snapshots of one game together: past this many bytes the game's later positions are not asked for
 * (the report shows none); the built-in games' largest game takes ~1.3 MB. Kept whole, 5,000 pictures
 * of a full line each would take botjury past 5 GB.
 */
export const REFEREE_SNAPSHOT_BUDGET_BYTES = 16 << 20;
/** How long a referee gets to end after botjury is done with it, before it is killed. */
const REFEREE_EXIT_GRACE_MS = 200;

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
    ...(manifest.scoring ? { scoring: manifest.scoring } : {}),
    createGame: (ctx) => new ProcessGame(manifest, dir, ctx),
    ...(manifest.refereeReuse ? { warmUp: () => warmUpReferee(manifest, dir) } : {}),
  };
}

/** The referee program did something wrong: the harness's fault (exit 2), never a bot's. */
export class RefereeFault extends HarnessError {}

/** The answer kinds of the protocol, each checked against its schema before use. */
const ANSWERS = ['startAnswer', 'nextAnswer', 'answerAnswer', 'failedAnswer', 'moveAnswer', 'quitAnswer', 'textAnswer', 'legalAnswersAnswer', 'reachedAnswer', 'snapshotAnswer', 'outcome', 'errorAnswer'] as const;
type AnswerKind = (typeof ANSWERS)[number];
const PROTOCOL_ID = 'https://botjury.dev/schemas/referee-protocol.schema.json';

/** Every answer kind of the referee protocol; compiled at build time (precompiled.ts). */
export const REFEREE_VALIDATORS: ValidatorSet<AnswerKind> = {
  name: 'referee-protocol',
  files: () => [path.join(SCHEMA_DIR, 'referee-protocol.schema.json')],
  exports: Object.fromEntries(ANSWERS.map((k) => [k, `${PROTOCOL_ID}#/$defs/${k}`])) as Record<AnswerKind, string>,
  // Checked on every answer: an action or an ending is checked against the one branch its tag names
  // (`discriminator`), not against all of them, and the first error is enough (schemaProblem shows one).
  // A turn's answer: 17 → 6 µs (cold, as a game calls it) measured on the Alquerque suite's answers.
  options: { allErrors: false, discriminator: true },
  prepare: (ajv) => {
    const schema = JSON.parse(readFileSync(path.join(SCHEMA_DIR, 'referee-protocol.schema.json'), 'utf8')) as Record<string, unknown>;
    if (schema.$id !== PROTOCOL_ID) throw new Error(`referee-protocol.schema.json: $id is not ${PROTOCOL_ID}`);
    ajv.addSchema(schema);
  },
};

function validatorFor(kind: AnswerKind): ValidateFunction {
  return validatorsOf(REFEREE_VALIDATORS, createAjv)[kind];
}

/**
 * The first schema problem of an answer, in one short phrase. Its path and an unknown key's name are
 * the referee's text: escaped (a key may hold a line break or a terminal escape).
 */
function schemaProblem(validate: ValidateFunction): string {
  const e = validate.errors?.[0];
  if (!e) return 'it does not fit the protocol';
  const params = (e.params ?? {}) as Record<string, unknown>;
  const extra =
    'additionalProperty' in params ? ` ('${printable(String(params.additionalProperty), 40)}')`
    : 'allowedValues' in params ? ` (${JSON.stringify(params.allowedValues).slice(0, 120)})`
    // An action or ending of a kind the protocol does not have: its tag's value, escaped.
    : e.keyword === 'discriminator' && 'tagValue' in params ? ` ('${printable(typeof params.tagValue === 'string' ? params.tagValue : JSON.stringify(params.tagValue) ?? 'nothing', 40)}')`
    : '';
  return `${e.instancePath ? printable(e.instancePath, 120) : 'the answer'} ${e.message ?? 'is wrong'}${extra}`;
}

/** A referee program: one process, spoken to one request at a time. */
class RefereeConnection {
  private readonly io: BotProcess;
  /** The request in flight or the last one answered, for messages. */
  private lastRequest = '(none yet)';
  private closed = false;
  /** It did something wrong once: never given another game. */
  private broken = false;
  /** A request is waiting for its answer. */
  private inFlight = false;

  private constructor(private readonly name: string, io: BotProcess) {
    this.io = io;
    this.io.maxLineBytes = REFEREE_MAX_LINE_BYTES;
  }

  static async open(name: string, command: string[], dir: string): Promise<RefereeConnection> {
    try {
      // A referee runs as a bot runs: containment, bounded lines (an over-long one is a flood), stderr drained.
      // It enters its cgroup itself: its start, often while botjury is still loading, waits for no move of botjury's.
      return new RefereeConnection(name, await BotProcess.start({ argv: command }, { cwd: dir, invokedFrom: dir, lines: { longLines: 'flood' }, entersCgroupItself: true }, () => undefined));
    } catch (e) {
      throw new RefereeFault(`${name}: cannot start ${printable(command.join(' '), 200)}: ${(e as Error).message}`);
    }
  }

  /** Sends one request and returns its answer, a JSON object checked against `kind`. */
  async request(message: Record<string, unknown>, kind: AnswerKind, limitMs: number): Promise<Record<string, unknown>> {
    if (this.closed) throw this.fault(`asked '${String(message.op)}' after the game's referee was closed`);
    this.lastRequest = summarize(message);
    const { delivered } = this.io.write([JSON.stringify(message)]);
    if (!delivered) {
      // A referee that ended at once is often found gone (its pipe broken) before its exit is reported;
      // its exit status and stderr say more. Waited for as an answer would be, within the request's limit.
      const deadline = process.hrtime.bigint() + BigInt(limitMs) * 1_000_000n;
      while (!(this.io.exit && this.io.drained) && process.hrtime.bigint() < deadline) await this.io.waitForChange(deadline);
      const exit = this.io.exit;
      if (exit && this.io.drained) {
        const how = exit.signal ? `was killed by ${exit.signal}` : `exited with status ${exit.code}`;
        throw this.fault(`${how} without answering${this.io.stderrTail ? `; its stderr ends: ${printable(this.io.stderrTail.trim().slice(-300), 300)}` : ''}`);
      }
      throw this.fault('does not read its input any more (it closed its stdin)');
    }
    this.inFlight = true;
    const line = await this.readLine(limitMs);
    this.inFlight = false;
    let answer: unknown;
    try {
      answer = JSON.parse(line);
    } catch {
      throw this.fault(`answered '${printable(line, 120)}', which is not JSON`);
    }
    if (!answer || typeof answer !== 'object' || Array.isArray(answer)) throw this.fault('answered with something that is not a JSON object');
    if (Object.hasOwn(answer, 'error')) {
      const check = validatorFor('errorAnswer');
      if (!check(answer)) throw this.fault(`answered an error that does not fit the protocol: ${schemaProblem(check)}`);
      const { error, message: text } = answer as { error: string; message: string };
      if (error === 'scenario') throw new ScenarioError(printable(text, 1000));
      throw this.fault(`reports its own error: ${printable(text, 300)}`);
    }
    if (message.commit !== undefined) {
      // A move it proposed and botjury took: kept before this request, or every later verdict is judged
      // on the game without it. Its answer says it was (`committed`); one that does not is a fault.
      const { committed, ...rest } = answer as Record<string, unknown>;
      if (committed !== message.commit) throw this.fault(`did not say it kept the move it had proposed, '${printable(String(message.commit), 40)}' (its answer to a request with "commit" has no "committed" naming it)`);
      answer = rest;
    }
    const validate = validatorFor(kind);
    if (!validate(answer)) throw this.fault(`answered ${printable(line, 120)}: ${schemaProblem(validate)}`);
    return answer as Record<string, unknown>;
  }

  private async readLine(limitMs: number): Promise<string> {
    const io = this.io;
    const deadline = process.hrtime.bigint() + BigInt(limitMs) * 1_000_000n;
    for (;;) {
      const line = io.takeLine();
      if (line) {
        if (line.escaped) throw this.fault(`answered bytes that are not UTF-8 ('${printable(line.text, 80)}')`);
        return line.text;
      }
      if (io.flood) throw this.fault(`answered a line longer than ${REFEREE_MAX_LINE_BYTES} bytes, or more lines than it was asked for`);
      if (io.exit && io.drained) {
        if (io.readPendingStdout() > 0 || io.unreadCount > 0) continue;
        const how = io.exit.signal ? `was killed by ${io.exit.signal}` : `exited with status ${io.exit.code}`;
        throw this.fault(`${how} without answering${io.stderrTail ? `; its stderr ends: ${printable(io.stderrTail.trim().slice(-300), 300)}` : ''}`);
      }
      if (process.hrtime.bigint() >= deadline) {
        io.readPendingStdout();
        if (io.unreadCount > 0) continue;
        throw this.fault(`did not answer within ${limitMs} ms${io.partialLine() ? ` (it wrote '${printable(io.partialLine(), 80)}' without a line ending)` : ''}`);
      }
      await io.waitForChange(deadline);
    }
  }

  /** No more requests: the referee's input closes; whatever it started is ended after a short grace. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.io.closeStdin();
    const until = process.hrtime.bigint() + BigInt(REFEREE_EXIT_GRACE_MS) * 1_000_000n;
    while (!this.io.exit && process.hrtime.bigint() < until) await this.io.waitForChange(until);
    await this.io.stop();
  }

  fault(what: string): RefereeFault {
    this.broken = true;
    return new RefereeFault(`${this.name} ${what}; its last request: ${this.lastRequest}`);
  }

  /** Fit for another game: alive, every request answered, nothing unasked waiting, never at fault. */
  get reusable(): boolean {
    const io = this.io;
    return !this.closed && !this.broken && !this.inFlight && io.exit === null && !io.flood && io.unreadCount === 0 && io.partialLine() === '';
  }
}

/**
 * Referee processes between games, for manifests that declare `refereeReuse`: a game takes an idle
 * one (its next `start` begins a new game) instead of paying a process start (~30–80 ms for a Python
 * referee). A connection returns here only when its game ended with every request answered; one left
 * idle for IDLE_CLOSE_MS is closed, so nothing outlives the run that used it.
 */
const IDLE_CLOSE_MS = 250;
/** A referee started ahead (warmUp) waits this long for its first game: botjury may still be planning. */
const WARM_IDLE_CLOSE_MS = 5_000;
const idle = new Map<string, { connection: RefereeConnection; timer: NodeJS.Timeout }[]>();
/** Referees started ahead and not started yet, by pool key (each resolves to null if it could not start). */
const warming = new Map<string, Promise<RefereeConnection | null>[]>();

async function takeIdle(key: string): Promise<RefereeConnection | null> {
  const list = idle.get(key);
  for (let entry = list?.pop(); entry; entry = list?.pop()) {
    clearTimeout(entry.timer);
    if (entry.connection.reusable) return entry.connection;
    void entry.connection.close();
  }
  // One started ahead: taken even before its process is up (that is what it is for). One that could
  // not start is no answer: the game starts its own and reports what goes wrong with it.
  for (let pending = warming.get(key)?.shift(); pending; pending = warming.get(key)?.shift()) {
    const connection = await pending;
    if (connection?.reusable) return connection;
    if (connection) void connection.close();
  }
  return null;
}

function putIdle(key: string, connection: RefereeConnection, closeAfterMs = IDLE_CLOSE_MS): void {
  const list = idle.get(key) ?? [];
  idle.set(key, list);
  const entry = {
    connection,
    timer: setTimeout(() => {
      list.splice(list.indexOf(entry), 1);
      void connection.close();
    }, closeAfterMs),
  };
  list.push(entry);
}

function refereeName(manifest: RefereeManifest): string {
  return `the referee of ${manifest.id} (${printable(manifest.referee.join(' '), 120)})`;
}

function poolKeyOf(manifest: RefereeManifest, dir: string): string {
  return JSON.stringify([manifest.id, dir, manifest.referee]);
}

/**
 * Starts a referee for the pool ahead of the first game (GameDefinition.warmUp): its process start
 * (~30 ms for Python, ~100 ms through a version manager's shim) overlaps botjury's reading and planning
 * of the scenarios instead of coming after it. Only for referees that declare `refereeReuse` (the one
 * started ahead begins its game with `start`, as a reused one does); one that is not taken is closed
 * as an idle one is.
 */
export async function warmUpReferee(manifest: RefereeManifest, dir: string): Promise<void> {
  const key = poolKeyOf(manifest, dir);
  if ((idle.get(key)?.length ?? 0) > 0 || (warming.get(key)?.length ?? 0) > 0) return;
  const pending = RefereeConnection.open(refereeName(manifest), manifest.referee, dir).catch(() => null);
  const list = warming.get(key) ?? [];
  warming.set(key, list);
  list.push(pending);
  void pending.then((connection) => {
    const at = list.indexOf(pending);
    if (at < 0) return; // a game took it while it was starting
    list.splice(at, 1);
    if (connection) putIdle(key, connection, WARM_IDLE_CLOSE_MS);
  });
  await pending;
}

/** Referees started ahead or kept idle, not yet taken by a game (early-start.ts's tests). */
export function refereesWaiting(): number {
  let n = 0;
  for (const list of [...warming.values(), ...idle.values()]) n += list.length;
  return n;
}

/** Closes every idle referee now (a run that ends need not wait for their timers), and those still starting. */
export async function closeIdleReferees(): Promise<void> {
  const pending = [...warming.values()].flatMap((list) => list.splice(0)); // emptied: none goes idle after this
  warming.clear();
  const all = [...idle.values()].flat();
  idle.clear();
  for (const e of all) clearTimeout(e.timer);
  await Promise.all([...all.map((e) => e.connection.close()), ...pending.map(async (p) => (await p)?.close())]);
}

/** A request, shortened for a message: its op and seat. */
function summarize(message: Record<string, unknown>): string {
  const seat = typeof message.seat === 'string' ? ` (seat ${printable(message.seat, 32)})` : '';
  return `${String(message.op)}${seat}`;
}

/** One game judged by a referee program (protocol 2). */
export class ProcessGame implements Game {
  private connection: RefereeConnection | null = null;
  private readonly name: string;
  private readonly rng: Rng;
  private readonly limits: { startupMs: number; answerMs: number };
  private readonly bots: ReadonlySet<string>;
  /** Actions the referee already told (`then`), not yet taken by the core. */
  private readonly queue: GameAction[] = [];
  /** The moves a seat's built-in player chooses among, sent with its `move` action. */
  private readonly choices = new Map<string, string[]>();
  /** That move already played by the referee, with what follows it (`proposal`: see move()). */
  private readonly proposals = new Map<string, { played: string; then: GameAction[] }>();
  /** The number botjury's next pick for a built-in player uses, drawn ahead and sent as `draw`. */
  private draw: number | null = null;
  /** A proposal botjury took: the next request tells the referee to keep it. */
  private commit: string | null = null;
  private filesBySeat: Record<string, Record<string, string>> = {};
  private starting: Promise<void> | null = null;
  /** Bytes of snapshots this game kept (REFEREE_SNAPSHOT_BUDGET_BYTES). */
  private snapshotBytes = 0;

  constructor(private readonly manifest: RefereeManifest, private readonly dir: string, private readonly ctx: GameContext) {
    this.name = refereeName(manifest);
    this.rng = ctx.rng.fork('opponent');
    this.limits = { ...REFEREE_DEFAULT_LIMITS, ...(manifest.refereeLimits ?? {}) };
    this.bots = new Set(ctx.bots);
    for (const seat of ctx.bots) if (!manifest.roles.includes(seat)) throw new ScenarioError(`${manifest.id} has roles ${manifest.roles.join(', ')}, not '${seat}'`);
  }

  /** Starts the referee and its game: its start-up is the jury's time, before any bot starts. */
  start(): Promise<void> {
    this.starting ??= (async () => {
      this.connection = (this.manifest.refereeReuse ? await takeIdle(this.poolKey) : null) ?? await RefereeConnection.open(this.name, this.manifest.referee, this.dir);
      const answer = await this.ask({
        op: 'start', protocol: 2, bots: [...this.ctx.bots], seed: this.ctx.seed, setup: this.ctx.setup ?? null, profile: this.ctx.profile.name, opponent: this.ctx.opponent ?? null,
      }, 'startAnswer', this.limits.startupMs);
      const files = (answer.files ?? {}) as Record<string, Record<string, string>>;
      for (const seat of Object.keys(files)) if (!this.bots.has(seat)) throw this.connection.fault(`gave files to seat '${printable(seat, 32)}', which has no bot`);
      this.filesBySeat = files;
      this.take(answer.then);
    })();
    return this.starting;
  }

  async files(seat: string): Promise<Record<string, string>> {
    await this.start();
    return Object.hasOwn(this.filesBySeat, seat) ? this.filesBySeat[seat]! : {};
  }

  async next(): Promise<GameAction> {
    await this.start();
    if (this.queue.length === 0) this.take((await this.ask({ op: 'next' }, 'nextAnswer')).then);
    const action = this.queue.shift()!;
    if (action.type === 'move' && 'choose' in action) {
      const { choose, proposal, ...plain } = action as GameAction & { choose: string[]; proposal?: { played: string; then: GameAction[] } };
      this.choices.set(action.seat, choose);
      if (proposal) this.proposals.set(action.seat, proposal);
      return plain;
    }
    return action;
  }

  async answer(seat: string, lines: string[]): Promise<Judgement> {
    // With the number the next built-in pick will use: the referee may play that reply ahead (move()).
    this.draw ??= this.rng.next();
    const answer = await this.ask({ op: 'answer', seat, lines, draw: this.draw }, 'answerAnswer');
    this.take(answer.then);
    return answer.judgement as Judgement;
  }

  async failed(seat: string, code: FailureCode, ply: number): Promise<void> {
    this.queue.length = 0;
    this.take((await this.ask({ op: 'failed', seat, code, ply }, 'failedAnswer')).then);
  }

  /**
   * The built-in player's choice is botjury's: the referee lists the moves it chooses among (`choose`,
   * with the move action or asked for), botjury picks one with the game's seeded generator, so a
   * referee in any language replays exactly and plays as the built-in games' players do.
   *
   * A referee told the number of that pick ahead (`draw`, sent with the bot's answer) may have played
   * the move already (`proposal`: the move and what follows it). When botjury's pick is that move, it
   * is taken without a request, and the next request says `commit`; otherwise (a scripted move, another
   * pick) the `move` request goes as before and the referee drops its proposal. One round trip a ply.
   */
  async move(seat: string, move: string | undefined): Promise<string> {
    let chosen = move;
    const listed = this.choices.get(seat);
    this.choices.delete(seat);
    const proposal = this.proposals.get(seat);
    this.proposals.delete(seat);
    if (chosen === undefined) {
      let choose = listed;
      if (!choose) {
        const answer = await this.ask({ op: 'move', seat, move: null }, 'moveAnswer');
        // A referee may choose itself (then only `botjury conform` can tell whether it replays exactly).
        if (answer.played !== undefined) {
          this.take(answer.then);
          return answer.played as string;
        }
        choose = answer.choose as string[];
      }
      // rng.pick's rule (core/rng.ts), with the number drawn ahead when one was sent.
      const draw = this.draw ?? this.rng.next();
      this.draw = null;
      chosen = choose[Math.floor(draw * choose.length)]!;
      if (proposal && listed === choose && proposal.played === chosen) {
        this.take(proposal.then);
        this.commit = chosen;
        return chosen;
      }
    }
    const answer = await this.ask({ op: 'move', seat, move: chosen }, 'moveAnswer');
    if (answer.played === undefined) throw this.connection!.fault('answered `choose` to a move it was given');
    this.take(answer.then);
    return answer.played as string;
  }

  async quit(): Promise<Record<string, Ending>> {
    this.queue.length = 0;
    const endings = (await this.ask({ op: 'quit' }, 'quitAnswer')).endings as Record<string, Ending>;
    this.checkEndings(endings);
    return endings;
  }

  async canonical(seat: string, lines: string[]): Promise<string> {
    return (await this.ask({ op: 'canonical', seat, lines }, 'textAnswer')).text as string;
  }

  async canonicalScenarioMove(seat: string, value: string | number | (string | number)[]): Promise<string> {
    return (await this.ask({ op: 'canonicalScenarioMove', seat, value }, 'textAnswer')).text as string;
  }

  /** undefined: this referee cannot list them (answers: null). */
  async legalAnswers(seat: string): Promise<string[] | undefined> {
    const answers = (await this.ask({ op: 'legalAnswers', seat }, 'legalAnswersAnswer')).answers as string[] | null;
    return answers ?? undefined;
  }

  async outcome(): Promise<Outcome> {
    const outcome = (await this.ask({ op: 'outcome' }, 'outcome')) as unknown as Outcome;
    for (const seat of Object.keys(outcome.scores)) if (!this.manifest.roles.includes(seat)) throw this.connection!.fault(`scored seat '${printable(seat, 32)}', which the game does not have`);
    if (outcome.winner !== undefined && !this.manifest.roles.includes(outcome.winner)) throw this.connection!.fault(`named the winner '${printable(outcome.winner, 32)}', which is not a seat of the game`);
    return outcome;
  }

  async reached(seat: string): Promise<string[]> {
    const goals = (await this.ask({ op: 'reached', seat }, 'reachedAnswer')).goals as string[];
    const known = this.manifest.goals ?? {};
    const unknown = goals.find((g) => !Object.hasOwn(known, g));
    if (unknown !== undefined) throw this.connection!.fault(`reached '${printable(unknown, 64)}', which is not one of the goals game.json declares`);
    return goals;
  }

  /** A picture of the game, bounded: one over REFEREE_MAX_SNAPSHOT_BYTES is a fault, none past the game's budget. */
  async snapshot(): Promise<unknown> {
    if (this.snapshotBytes > REFEREE_SNAPSHOT_BUDGET_BYTES) return undefined;
    const { state } = await this.ask({ op: 'snapshot' }, 'snapshotAnswer');
    // What is kept is the state (the line's own spacing is not).
    const bytes = Buffer.byteLength(JSON.stringify(state) ?? '');
    if (bytes > REFEREE_MAX_SNAPSHOT_BYTES) throw this.connection!.fault(`answered a snapshot of ${bytes} bytes, more than the ${REFEREE_MAX_SNAPSHOT_BYTES} a picture of the game may take`);
    this.snapshotBytes += bytes;
    return state;
  }

  async dispose(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    if (!connection) return;
    if (this.manifest.refereeReuse && connection.reusable) putIdle(this.poolKey, connection);
    else await connection.close();
  }

  /** Referees of the same program in the same folder are interchangeable between games. */
  private get poolKey(): string {
    return poolKeyOf(this.manifest, this.dir);
  }

  // ---- the protocol ----

  private async ask(message: Record<string, unknown>, kind: AnswerKind, limitMs = this.limits.answerMs): Promise<Record<string, unknown>> {
    if (!this.connection) await this.start();
    if (this.commit !== null) {
      message.commit = this.commit;
      this.commit = null;
    }
    return this.connection!.request(message, kind, limitMs);
  }

  /** Takes the actions an answer announced, checked: each names a seat it may, the last is a decision. */
  private take(then: unknown): void {
    if (then === undefined) return;
    const actions = then as GameAction[];
    if (this.queue.length > 0) throw this.connection!.fault('announced new actions (`then`) while earlier ones were still to be taken');
    actions.forEach((a, i) => {
      if (a.type !== 'send' && i !== actions.length - 1) throw this.connection!.fault(`announced actions after a decision (${a.type} at position ${i + 1} of ${actions.length}): \`then\` ends with the next decision`);
      if (a.type === 'send' || a.type === 'await') {
        if (!this.bots.has(a.seat)) throw this.connection!.fault(`${a.type === 'send' ? 'wrote to' : 'awaited'} seat '${printable(a.seat, 32)}', which has no bot`);
        if (a.type === 'await') checkRequest(a.request, this.connection!);
      } else if (a.type === 'move') {
        if (!this.manifest.roles.includes(a.seat) || this.bots.has(a.seat)) throw this.connection!.fault(`asked seat '${printable(a.seat, 32)}' to move, which is ${this.bots.has(a.seat) ? 'a bot seat (await it instead)' : 'not a seat of the game'}`);
      } else this.checkEndings(a.endings);
    });
    this.queue.push(...actions);
  }

  private checkEndings(endings: Record<string, Ending>): void {
    for (const seat of Object.keys(endings)) if (!this.bots.has(seat)) throw this.connection!.fault(`ended seat '${printable(seat, 32)}', which has no bot`);
  }
}

/** What an await may ask of a bot beyond its schema. */
function checkRequest(request: AnswerRequest, connection: RefereeConnection): void {
  if (request.handshake && request.lines !== 1) throw connection.fault('asked for a handshake of more than one line');
}
