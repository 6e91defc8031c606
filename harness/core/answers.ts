// Helpers for the many games whose answer is a single line (Referee.canonical / canonicalScenarioMove).
import type { MoveValue } from './scenario.js';

/** The answer as the bot wrote it: its one line. */
export const firstLine = (lines: readonly string[]): string => lines[0] ?? '';

/** A move written in a scenario (`bot: c3-d4`, `opponent: 12`), as text. */
export const scenarioText = (value: MoveValue): string => String(Array.isArray(value) ? value[0] : value).trim();
