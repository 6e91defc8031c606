// A Referee decorator: it records the game as the jury played it (every opponent move, every answer
// the jury asked the bot for, with its ply) and can script the opponent from an earlier recording.
// The core never knows: it drives the decorator exactly as it drives the game's own Referee, so a
// recorded or replayed session behaves byte for byte like a plain one.
import type { AnswerRequest, FailureCode, GameDefinition, JuryAction, Judgement, Referee, RefereeContext } from '../core/game.js';

/** One decision of the game, in the order the jury made it. */
export type MoveRecord =
  | {
      by: 'opponent';
      /** The game's own ply/turn number of this move. */
      ply: number;
      player: string;
      /** The move as played, in the game's notation (what `opponent:` takes back). */
      move: string;
      /** The scenario (or a replay script) chose it; false: the built-in opponent did. */
      scripted: boolean;
    }
  | {
      by: 'bot';
      ply: number;
      /** The jury's label for this answer ("White's move 5 (ply 9)"). */
      label: string;
      /** The answer's lines as the jury read them (without line endings); absent when none came. */
      lines?: string[];
      /** Whether the rules accepted the answer as given. */
      accepted?: boolean;
      /** What the jury played for the bot (its answer, or the jury's substitute). */
      played?: string;
      /** The bot gave no usable answer: the failure the core reported (move-timeout, crash, ...). */
      failed?: FailureCode;
      /** A handshake (READY) rather than a move. */
      handshake?: boolean;
    };

export type BotRecord = Extract<MoveRecord, { by: 'bot' }>;
export type OpponentRecord = Extract<MoveRecord, { by: 'opponent' }>;

/** Supplies the opponent's moves when the scenario leaves them to the built-in opponent. */
export interface OpponentScript {
  /** The scripted move for the next opponent move (called for every opponent move, in order), or undefined. */
  next(ply: number, player: string): string | undefined;
  /** Sees every answer as it is judged (a replay stops scripting once the bot leaves the recording). */
  onAnswer?(record: BotRecord): void;
}

export interface GameRecording {
  /** Filled in as the game is played. */
  moves: MoveRecord[];
  /** The RefereeContext the core created the referee with (seed, setup, profile, opponent). */
  context?: Omit<RefereeContext, 'rng' | 'profile'> & { profile: string };
}

/** The game, with every referee it creates recording into `recording` (and scripted by `script`). */
export function recordingGame(game: GameDefinition, recording: GameRecording, script?: OpponentScript): GameDefinition {
  return {
    ...game,
    createReferee(ctx: RefereeContext): Referee {
      recording.context = {
        role: ctx.role, seed: ctx.seed, setup: ctx.setup, scenarioDir: ctx.scenarioDir, profile: ctx.profile.name,
        ...(ctx.opponent !== undefined ? { opponent: ctx.opponent } : {}),
      };
      return new RecordingReferee(game.createReferee(ctx), recording.moves, script);
    },
  };
}

class RecordingReferee implements Referee {
  private request: AnswerRequest | null = null;
  private opponentTurn: { ply: number; player: string } | null = null;
  files?: () => Record<string, string>;
  snapshot?: () => unknown;
  legalAnswers?: () => string[] | undefined;
  reached?: () => string[];
  dispose?: () => void;
  playerFailed?: (player: string, code: string, ply: number) => void;

  constructor(private readonly inner: Referee, private readonly log: MoveRecord[], private readonly script: OpponentScript | undefined) {
    // Optional methods stay optional: the core checks whether they exist. Every one is passed on (a
    // recorded run must judge goals and impossible expectations as an unrecorded one does).
    if (inner.files) this.files = () => inner.files!();
    if (inner.snapshot) this.snapshot = () => inner.snapshot!();
    if (inner.legalAnswers) this.legalAnswers = () => inner.legalAnswers!();
    if (inner.reached) this.reached = () => inner.reached!();
    if (inner.dispose) this.dispose = () => inner.dispose!();
    if (inner.playerFailed) this.playerFailed = (player, code, ply) => inner.playerFailed!(player, code, ply);
  }

  next(): JuryAction {
    const action = this.inner.next();
    if (action.type === 'await') this.request = action.request;
    if (action.type === 'opponent') this.opponentTurn = { ply: action.ply, player: action.player };
    return action;
  }

  answer(lines: string[]): Judgement {
    const judgement = this.inner.answer(lines);
    const record: BotRecord = {
      ...this.botBase(),
      lines: lines.slice(),
      accepted: judgement.accepted,
      ...(judgement.played !== undefined ? { played: judgement.played } : {}),
    };
    this.log.push(record);
    this.script?.onAnswer?.(record);
    return judgement;
  }

  botFailed(code: FailureCode): void {
    const record: BotRecord = { ...this.botBase(), failed: code };
    this.log.push(record);
    this.script?.onAnswer?.(record);
    this.inner.botFailed(code);
  }

  opponent(move: string | undefined): string {
    const turn = this.opponentTurn ?? { ply: 0, player: '?' };
    this.opponentTurn = null;
    const fromScript = this.script?.next(turn.ply, turn.player);
    const scripted = move ?? fromScript;
    const played = this.inner.opponent(scripted);
    this.log.push({ by: 'opponent', ply: turn.ply, player: turn.player, move: played, scripted: scripted !== undefined });
    return played;
  }

  quit() {
    return this.inner.quit();
  }

  canonical(lines: string[]): string {
    return this.inner.canonical(lines);
  }

  canonicalScenarioMove(value: string | number | (string | number)[]): string {
    return this.inner.canonicalScenarioMove(value);
  }

  outcome() {
    return this.inner.outcome();
  }

  private botBase(): Pick<BotRecord, 'by' | 'ply' | 'label' | 'handshake'> {
    const r = this.request;
    return { by: 'bot', ply: r?.ply ?? 0, label: r?.label ?? 'an answer', ...(r?.handshake ? { handshake: true } : {}) };
  }
}
