// Helpers for the reporter tests: one real CLI run writing several reports at once, and a strict XML
// parser (Python's expat, which rejects every character XML 1.0 forbids) to read JUnit files back.
import type { ScenarioResult } from '../../harness/core/result.js';
import { execa } from 'execa';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { runCli, type Report, scratchDir } from '../helpers.js';

export type ReportKind = 'json' | 'tap' | 'junit' | 'html';

export interface ReportsRun {
  code: number;
  stdout: string;
  stderr: string;
  files: Record<ReportKind, string>;
  /** The JSON report of the same run (always written), to compare the other reporters with. */
  report: Report;
}

/** `botjury <args> --reporter json=… --reporter <kind>=… -- <bot>`: every report comes from the same run. */
export async function runWithReports(args: string[], bot: string[], kinds: ReportKind[], options: { env?: Record<string, string> } = {}): Promise<ReportsRun> {
  const dir = scratchDir('botjury-reports-');
  try {
    const all: ReportKind[] = ['json', ...kinds.filter((k) => k !== 'json')];
    const file = (k: ReportKind): string => path.join(dir, `report.${k === 'junit' ? 'xml' : k}`);
    const run = await runCli([...args, ...all.flatMap((k) => ['--reporter', `${k}=${file(k)}`]), '--', ...bot], options);
    const files = {} as Record<ReportKind, string>;
    for (const k of all) {
      try {
        files[k] = readFileSync(file(k), 'utf8');
      } catch {
        throw new Error(`no ${k} report (exit ${run.code}); stderr:\n${run.stderr}`);
      }
    }
    return { ...run, files, report: JSON.parse(files.json) as Report };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface XmlNode {
  tag: string;
  attrib: Record<string, string>;
  text: string;
  children: XmlNode[];
}

const PARSE_XML = `
import json, sys
import xml.etree.ElementTree as ET
def node(e):
    return {"tag": e.tag, "attrib": dict(e.attrib), "text": e.text or "", "children": [node(c) for c in e]}
root = ET.fromstring(sys.stdin.buffer.read())
sys.stdout.write(json.dumps(node(root)))
`;

/** Parses XML with a conforming parser; throws with the parser's message (line, column) if it is not well-formed. */
export async function parseXml(xml: string): Promise<XmlNode> {
  const r = await execa('python3', ['-c', PARSE_XML], { input: Buffer.from(xml, 'utf8'), reject: false, env: { PYTHONIOENCODING: 'utf-8' } });
  if (r.exitCode !== 0) throw new Error(`not well-formed XML: ${String(r.stderr).trim().split('\n').pop()}`);
  return JSON.parse(String(r.stdout)) as XmlNode;
}

export function findAll(node: XmlNode, tag: string): XmlNode[] {
  return [...(node.tag === tag ? [node] : []), ...node.children.flatMap((c) => findAll(c, tag))];
}

export const HOSTILE_BOT = ['python3', 'test/reporters/fixtures/hostile.py'];

/** A made-up scenario result for reporter tests that need no bot: every field a reporter reads. */
export function syntheticResult(overrides: Partial<ScenarioResult> = {}): ScenarioResult {
  return {
    scenario: 'scenarios/made-up.yaml',
    name: 'made up',
    game: 'alquerque',
    role: 'white',
    profile: 'default',
    seed: 1,
    status: 'passed',
    violations: [],
    limits: { exitGraceMs: 2000, closeGraceMs: 1000, unflushedProbeMs: 300 },
    timing: { replies: 0, maxMs: 0, totalMs: 0, meanMs: 0, totalBudgetMs: null, perReply: [] },
    memory: { peakMb: null, limitMb: null },
    stderr: { bytes: 0, head: '' },
    exit: null,
    durationMs: 1,
    transcript: [],
    transcriptDropped: 0,
    ...overrides,
  };
}
