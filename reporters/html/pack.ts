// What the page needs to replay one scenario, packed small as soon as the scenario ends: its positions
// as differences (delta.ts), its transcript and its reply times, as gzipped JSON in base64 (a few KB
// instead of megabytes of snapshots). The page unpacks it with the browser's DecompressionStream when
// the scenario is opened.
import { gunzipSync, gzipSync } from 'node:zlib';
import type { ScenarioResult, Snapshot, TranscriptEntry } from '../../harness/core/result.js';
import { applyPatch, diff, type Patch } from './delta.js';

export interface Frame {
  ply: number;
  t: number;
  /** The move that led here (null at the start). */
  move: string | null;
  /** The first position in full; every later one as a patch from the one before (absent: unchanged). */
  full?: unknown;
  d?: Patch;
}

export interface ScenarioPack {
  frames: Frame[];
  /** [ms since the bot started, index in TRANSCRIPT_DIRS, text] per transcript line. */
  transcript: [number, number, string][];
  transcriptDropped: number;
  /** [ply, wall ms, CPU ms, limit ms] per timed reply (the chart's readout). */
  replies: [number, number, number | null, number | null][];
}

export const TRANSCRIPT_DIRS: readonly TranscriptEntry['dir'][] = ['jury', 'bot', 'stderr', 'event'];

/** Plain JSON (flat strings, no undefined, no shared references) of a snapshot's state. */
function plain(state: unknown): unknown {
  return state === undefined ? null : JSON.parse(JSON.stringify(state));
}

export function encodeFrames(snapshots: readonly Snapshot[]): Frame[] {
  let prev: unknown;
  return snapshots.map((snap, i) => {
    const state = plain(snap.state);
    const base = { ply: snap.ply, t: snap.t, move: snap.move };
    const d = i === 0 ? undefined : diff(prev, state);
    prev = state;
    if (i === 0) return { ...base, full: state };
    return d === undefined ? base : { ...base, d };
  });
}

/** Every position in full again, as the page rebuilds them. */
export function decodeFrames(frames: readonly Frame[]): unknown[] {
  const states: unknown[] = [];
  let prev: unknown = null;
  for (const f of frames) {
    prev = 'full' in f ? f.full : f.d === undefined ? prev : applyPatch(prev, f.d);
    states.push(prev);
  }
  return states;
}

export function packScenario(r: ScenarioResult): string {
  const pack: ScenarioPack = {
    frames: encodeFrames(r.snapshots ?? []),
    transcript: r.transcript.map((t) => [t.t, TRANSCRIPT_DIRS.indexOf(t.dir), t.text]),
    transcriptDropped: r.transcriptDropped,
    replies: r.timing.perReply.map((p) => [p.ply, p.wallMs, p.cpuMs, p.limitMs]),
  };
  return gzipSync(JSON.stringify(pack), { level: 9 }).toString('base64');
}

export function unpackScenario(packed: string): ScenarioPack {
  return JSON.parse(gunzipSync(Buffer.from(packed, 'base64')).toString('utf8')) as ScenarioPack;
}
