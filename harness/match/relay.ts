// The seats of one match game, each a Session with its own Referee and bot, pass moves through this
// relay: a bot's accepted move (as the jury played it) goes to every other seat, which relays it to
// its own bot as the real jury would; a bot's failure goes the same way, so every seat applies the
// rules' consequence to that player. A seat without a bot is played by the built-in opponent of one
// session (the first bot seat's), so every seat sees the same built-in moves.
import type { RelayedTurn, SeatRelay } from '../core/session.js';

type Waiter = (turn: RelayedTurn | null) => void;

export class MatchRelay {
  /** Moves not yet taken, per reading seat and player (each reader has its own copy). */
  private readonly queues = new Map<string, RelayedTurn[]>();
  private readonly waiting = new Map<string, Waiter>();
  private readonly gone = new Set<string>();

  /**
   * @param players every player of the game
   * @param botSeats the players a bot plays; every other player is built-in, played by `botSeats[0]`'s session
   */
  constructor(
    private readonly players: readonly string[],
    private readonly botSeats: readonly string[],
    /** Sees every move once, in the order of the game (a bot's or a built-in's). */
    private readonly onMove?: (player: string, move: string) => void,
  ) {}

  /** The relay as one seat's session sees it. */
  forSeat(seat: string): SeatRelay {
    return {
      owns: (player) => this.ownerOf(player) === seat && player !== seat,
      take: (player) => this.take(seat, player),
      publish: (player, move) => this.publish(seat, move, player),
      fail: (player, code, ply) => this.deliver(seat, player, { failed: code, ply }),
      leave: () => this.leave(seat),
    };
  }

  private ownerOf(player: string): string {
    return this.botSeats.includes(player) ? player : this.botSeats[0]!;
  }

  private take(reader: string, player: string): Promise<RelayedTurn | null> {
    const key = `${reader}\0${player}`;
    const queue = this.queues.get(key);
    if (queue && queue.length > 0) return Promise.resolve(queue.shift()!);
    if (this.gone.has(player)) return Promise.resolve(null);
    return new Promise((resolve) => this.waiting.set(key, resolve));
  }

  private publish(publisher: string, move: string, player: string): void {
    this.onMove?.(player, move);
    this.deliver(publisher, player, move);
  }

  private deliver(publisher: string, player: string, turn: RelayedTurn): void {
    for (const reader of this.botSeats) {
      if (reader === publisher || this.gone.has(reader)) continue;
      const key = `${reader}\0${player}`;
      const waiter = this.waiting.get(key);
      if (waiter) {
        this.waiting.delete(key);
        waiter(turn);
      } else {
        const queue = this.queues.get(key) ?? [];
        queue.push(turn);
        this.queues.set(key, queue);
      }
    }
  }

  /** A seat's session ended: its player makes no more moves, nor do the built-ins it played. */
  private leave(seat: string): void {
    const left = [seat, ...this.players.filter((p) => !this.botSeats.includes(p) && this.ownerOf(p) === seat)];
    this.gone.add(seat);
    for (const p of left) {
      this.gone.add(p);
      for (const [key, waiter] of this.waiting) {
        if (!key.endsWith(`\0${p}`)) continue;
        // Moves already queued are still read first; a waiter means the queue is empty.
        this.waiting.delete(key);
        waiter(null);
      }
    }
  }
}
