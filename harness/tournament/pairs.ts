// Two bots' games as `match` and `tournament` report them: the game-by-game tally (trinomial) and, where
// the games come in seed units (the S rotations of one seed, each bot in every seat once: for two
// seats a pair with colours swapped), the unit statistics of pentanomial.ts, with its SPRT.
import { headToHead, pairGames, pairSprtDecision, pairStats, pentanomialStats, ptnml, type PairStats, type PentanomialCounts, type PentanomialStats, type ResultSeat } from './pentanomial.js';
import { formatEloLine, mergeTallies, scoreStats, sprtDecision, type GameTally, type ScoreStats, type SprtDecision, type SprtParams } from '../match/stats.js';

/** What pairing needs of a game: its unit's key (the seed the rotations share) and its seats. */
export interface UnitGame {
  /** Games with the same key are rotations of one seed. */
  unitKey: string;
  seats: readonly ResultSeat[];
}

export interface PairUnits {
  /** Games per unit (the game's seats); 2: pairs, and `pentanomial` is set. */
  seats: number;
  /** Complete units counted. */
  units: number;
  /** counts[h]: units in which the first bot scored h half points (0 … 2·seats). */
  counts: number[];
  /** Two seats: [LL, LD, DD+WL, WD, WW] as fastchess prints it, and DD and WL apart. */
  ptnml?: [number, number, number, number, number];
  pentanomial?: PentanomialCounts;
  stats: PairStats | PentanomialStats;
  /** Games in no complete unit (a rotation voided or not played yet, another shard's): not counted. */
  unpaired: number;
  /** --sprt on the units (fishtest's LLR on the 2S+1 frequencies). */
  sprt?: SprtDecision & SprtParams;
}

export interface PairSummary {
  tally: GameTally;
  stats: ScoreStats;
  /** --sprt on the games, as `match` tests it (the trinomial model). */
  sprt?: SprtDecision & SprtParams;
  units: PairUnits;
}

/** Bot `a` against bot `b` over the games in which both sat (each game: the better result of the two wins). */
export function pairSummary(games: readonly UnitGame[], a: number, b: number, seats: number, sprt?: SprtParams): PairSummary {
  const met = games.flatMap((g) => {
    const result = headToHead(g.seats, a, b);
    return result ? [{ g, result }] : [];
  });
  const tally = mergeTallies(...met.map(({ result }) => ({ wins: result === 'win' ? 1 : 0, draws: result === 'draw' ? 1 : 0, losses: result === 'loss' ? 1 : 0 })));
  const pairing = pairGames(met.map(({ g, result }) => ({ seed: g.unitKey, aSeat: g.seats.findIndex((s) => s.bot === a), result })), seats);
  const units: PairUnits = {
    seats,
    units: pairing.pairs.length,
    counts: pairing.counts,
    ...(pairing.pentanomial ? { ptnml: ptnml(pairing.pentanomial), pentanomial: pairing.pentanomial } : {}),
    stats: pairing.pentanomial ? pentanomialStats(pairing.pentanomial) : pairStats(pairing.counts),
    unpaired: pairing.unpaired.length,
    ...(sprt ? { sprt: { ...pairSprtDecision(pairing.counts, sprt), ...sprt } } : {}),
  };
  return { tally, stats: scoreStats(tally), ...(sprt ? { sprt: { ...sprtDecision(tally, sprt), ...sprt } } : {}), units };
}

/** The unit lines under a pair's game line: the counts, the unit Elo line and the unit SPRT. */
export function unitLines(units: PairUnits, a: string, b: string): string[] {
  if (units.units === 0) return units.unpaired > 0 ? [`  pairs: none complete yet (${units.unpaired} game${units.unpaired === 1 ? '' : 's'} without their seat-swapped partner)`] : [];
  const unpaired = units.unpaired > 0 ? ` (${units.unpaired} game${units.unpaired === 1 ? '' : 's'} unpaired, not counted)` : '';
  const counts = units.ptnml ? `Ptnml(0-2): [${units.ptnml.join(', ')}]` : `Units of ${units.seats} (0-${units.seats}): [${units.counts.join(', ')}]`;
  const stats = units.stats;
  const nElo = stats.nElo === null ? 'n/a' : `${stats.nElo.toFixed(1)} +/- ${stats.nEloError95 === null ? 'n/a' : stats.nEloError95.toFixed(1)}`;
  const ratios = 'pairsRatio' in stats ? `, PairsRatio: ${stats.pairsRatio === null ? 'n/a' : stats.pairsRatio.toFixed(2)}` : '';
  const lines = [`  ${counts}, ${units.units} ${units.seats === 2 ? 'pair' : 'unit'}${units.units === 1 ? '' : 's'}${unpaired} — ${formatEloLine(stats)}, nElo: ${nElo}${ratios}`];
  if (units.sprt) lines.push(`  ${sprtText(units.sprt, a, b, units.seats === 2 ? 'pentanomial' : `units of ${units.seats}`)}`);
  return lines;
}

/** `SPRT (elo0 0, elo1 10, alpha 0.05, beta 0.05, pentanomial): LLR 1.23 (bounds …) — …`. */
export function sprtText(sprt: SprtDecision & SprtParams, a: string, b: string, model: string): string {
  const verdict = sprt.result === 'continue' ? 'no decision yet' : `${sprt.result} accepted (${sprt.result === 'H1' ? `${a} is at least ${sprt.elo1} Elo stronger than ${b}` : `${a} is not ${sprt.elo1} Elo stronger than ${b}; at most ${sprt.elo0}`})`;
  return `SPRT (elo0 ${sprt.elo0}, elo1 ${sprt.elo1}, alpha ${sprt.alpha}, beta ${sprt.beta}, ${model}): LLR ${sprt.llr.toFixed(2)} (bounds ${sprt.lower.toFixed(2)}, ${sprt.upper.toFixed(2)}) — ${verdict}`;
}
