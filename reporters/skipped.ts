// Whether a run was skipped (outside data missing) and why: every reporter says so the same way.
import type { ScenarioResult } from '../harness/core/result.js';

export const isSkipped = (r: ScenarioResult): boolean => (r.status as string) === 'skipped';
export const skipReason = (r: ScenarioResult): string | undefined => (r as { skipReason?: string }).skipReason;
