// `botjury merge`: the JSON reports of a match's or a tournament's shards as one report. Both are read
// the same way (harness/match/merge.ts): one file at a time, bounded, taken apart into its top-level
// fields and its games without being parsed whole, each part checked against its schema before any
// field of it is read. The first file's `format` tells a tournament report from a match report; every
// later one must be of the same kind. Whatever does not fit is one line and exit 2.
import { closeSync } from 'node:fs';
import path from 'node:path';
import { FILE_CAPS, FileError, openBoundedFile } from '../core/files.js';
import { fileSource } from '../core/json-parts.js';
import type { GameDefinition } from '../core/game.js';
import { GAMES } from '../games/registry.js';
import { shardParts, ShardMerger } from '../match/merge.js';
import { TournamentMerger } from '../tournament/merge.js';
import { tournamentExitCode } from '../tournament/report.js';
import { TOURNAMENT_REPORT_FORMAT } from '../tournament/types.js';
import { writeMergedMatch } from './match.js';
import { CommandLineError, type OptionValues } from './options.js';
import { tournamentOutputs } from './tournament.js';

type Merger = { kind: 'match'; merger: ShardMerger } | { kind: 'tournament'; merger: TournamentMerger };

/** A report's top-level fields say it is a tournament's (checked against that schema next). */
function isTournament(head: unknown): boolean {
  return typeof head === 'object' && head !== null && Object.hasOwn(head, 'format') && (head as { format: unknown }).format === TOURNAMENT_REPORT_FORMAT;
}

export async function mergeCommand(files: string[], values: OptionValues, cwd: string): Promise<number> {
  if (files.length === 0) throw new CommandLineError('merge needs the JSON reports of the shards');
  const findGame = (id: string): GameDefinition | undefined => GAMES.find((g) => g.id === id);
  let current: Merger | undefined;
  for (const shown of files) {
    const { fd, size } = openBoundedFile(path.resolve(cwd, shown), FILE_CAPS.transcript, 'report', shown);
    try {
      const parts = shardParts(fileSource(fd, size), `report ${shown}`, 'botjury match or tournament --reporter json=FILE writes one');
      const kind = isTournament(parts.head) ? 'tournament' : 'match';
      parts.name = `${kind} report ${shown}`;
      current ??= kind === 'tournament' ? { kind, merger: new TournamentMerger(findGame) } : { kind, merger: new ShardMerger(findGame) };
      if (current.kind !== kind) throw new FileError(parts.name, `a ${kind} report, and ${files[0]} a ${current.kind} report: merge the shards of one ${current.kind}`);
      current.merger.add(parts);
    } finally {
      closeSync(fd);
    }
  }
  if (current!.kind === 'match') return writeMergedMatch(current!.merger.finish(), values);
  const merged = current!.merger.finish();
  await tournamentOutputs(values).end(merged);
  return tournamentExitCode(merged);
}
