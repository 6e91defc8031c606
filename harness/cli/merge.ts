// `botjury merge`: the JSON reports of a match's or a tournament's shards as one report. What both
// share: each file read whole but bounded in size, one at a time, parsed, and checked against its
// schema (match-report or tournament-report, told by the document's `format`) before any of its
// fields is read; reports of two kinds are refused. A file is from anywhere: whatever does not fit is
// one line and exit 2.
import path from 'node:path';
import { HarnessError } from '../core/bot-process.js';
import { FILE_CAPS, FileError, readBoundedFile } from '../core/files.js';
import { printable } from '../core/printable.js';
import type { MatchReport } from '../match/match.js';
import { GAMES } from '../games/registry.js';
import { TournamentMerger } from '../tournament/merge.js';
import { tournamentExitCode } from '../tournament/report.js';
import { schemaProblems } from '../tournament/schemas.js';
import { TOURNAMENT_REPORT_FORMAT, type TournamentReport } from '../tournament/types.js';
import { findGame } from './lookup.js';
import { mergeMatchShards } from './match.js';
import { CommandLineError, type OptionValues } from './options.js';
import { tournamentOutputs } from './tournament.js';

export type ShardReport = { kind: 'match'; report: MatchReport } | { kind: 'tournament'; report: TournamentReport };

/** A shard's report: bounded, JSON, and valid against its schema, or a HarnessError/FileError of one line. */
export function readShardReport(abs: string, shown: string): ShardReport {
  let data: unknown;
  try {
    data = JSON.parse(readBoundedFile(abs, FILE_CAPS.transcript, 'report', shown));
  } catch (e) {
    if (e instanceof FileError) throw e;
    throw new HarnessError(`${shown}: not JSON (${printable((e as Error).message.split('\n')[0]!, 200)})`);
  }
  const tournament = typeof data === 'object' && data !== null && !Array.isArray(data) && Object.hasOwn(data, 'format') && (data as { format: unknown }).format === TOURNAMENT_REPORT_FORMAT;
  const kind = tournament ? 'tournament' : 'match';
  const problems = schemaProblems(tournament ? 'tournament-report' : 'match-report', data);
  if (problems.length > 0)
    throw new HarnessError(`${shown}: not a botjury ${kind} report (botjury ${kind} --reporter json=FILE writes one): ${printable(problems[0]!, 300)}${problems.length > 1 ? ` (and ${problems.length - 1} more problems)` : ''}`);
  return tournament ? { kind: 'tournament', report: data as TournamentReport } : { kind: 'match', report: data as MatchReport };
}

export async function mergeCommand(files: string[], values: OptionValues, cwd: string): Promise<number> {
  if (files.length === 0) throw new CommandLineError('merge needs the JSON reports of the shards');
  let kind: ShardReport['kind'] | undefined;
  const matches: MatchReport[] = [];
  let merger: TournamentMerger | undefined;
  let version = '';
  for (const file of files) {
    const shard = readShardReport(path.resolve(cwd, file), file);
    if (kind !== undefined && shard.kind !== kind) throw new HarnessError(`${file} is a ${shard.kind} report and ${files[0]} a ${kind} report: merge the shards of one ${kind}`);
    kind = shard.kind;
    if (shard.kind === 'match') matches.push(shard.report);
    else {
      merger ??= new TournamentMerger(shard.report, file, findGame(GAMES, shard.report.game));
      version ||= shard.report.tool.version;
      // Added now: the shard's games are bounded as they come, and the rest of its report can go.
      merger.add(shard.report, file);
    }
  }
  if (kind === 'match') return mergeMatchShards(files, matches, values);
  const merged = merger!.result(version);
  await tournamentOutputs(values).end(merged);
  return tournamentExitCode(merged);
}
