/**
 * The call budget of a pull request: every new dataset row is a model call paid with the
 * repository's key, so before any call a pull request's run counts the calls it would
 * make (cases × repeats × calls per case, over the suites it affects, cases the base
 * defines included) and stops with a clear message when they exceed
 * `budget.max-pr-calls` — read from the base branch's config, like the gate.
 */
import { configError } from './errors.ts';
import type { PreparedSuite } from './run-suite.ts';

/** Calls a pull request may plan when the base branch sets no `budget.max-pr-calls`. */
export const DEFAULT_PR_CALLS = 5000;

/** One suite's planned calls. */
export interface PlannedCalls {
  name: string;
  cases: number;
  repeats: number;
  calls: number;
}

/**
 * The calls each suite would make. Stops counting once the total passes `limit` (a
 * million-row dataset is not planned call by call), so the figure is then a lower bound.
 */
export function plannedCalls(suites: readonly PreparedSuite[], limit: number): PlannedCalls[] {
  const out: PlannedCalls[] = [];
  let total = 0;
  for (const suite of suites) {
    let calls = 0;
    // At least one call per case and repeat: past the limit on that alone, nothing is rendered.
    if (total + suite.cases.length * suite.repeats > limit) calls = suite.cases.length * suite.repeats;
    else
      for (const c of suite.cases) {
        for (let r = 0; r < suite.repeats; r++) calls += suite.plan(c, r).length;
        if (total + calls > limit) break;
      }
    total += calls;
    out.push({ name: suite.name, cases: suite.cases.length, repeats: suite.repeats, calls });
  }
  return out;
}

/** Throws a ConfigError naming each suite's share when the planned calls exceed the budget. */
export function enforcePrBudget(suites: readonly PreparedSuite[], limit: number, file: string): void {
  const planned = plannedCalls(suites, limit);
  const total = planned.reduce((n, p) => n + p.calls, 0);
  if (total <= limit) return;
  const parts = planned
    .filter((p) => p.calls > 0)
    .map((p) => `${p.name}: ${p.cases} cases × ${p.repeats} repeat${p.repeats === 1 ? '' : 's'} → ${p.calls}+ calls`);
  throw configError(
    { file, path: 'budget.max-pr-calls' },
    `this pull request would make at least ${total} model calls (${parts.join('; ')}), more than the ${limit} that budget.max-pr-calls of the base branch allows a pull request; nothing was called. Split the pull request or its datasets, or raise budget.max-pr-calls on the base branch first`,
  );
}
