/**
 * Where a dataset's cases go as they are read: kept for a run, or only counted when the
 * command needs no more than to know they are valid (`evalgate validate`), so validating
 * a million rows holds one row at a time. On a pull request a row limit stops reading as
 * soon as the rows alone exceed the calls the base allows (core/pr-budget.ts).
 */
import { configError } from '../errors.ts';
import type { EvalCase } from '../types.ts';

/** Collects one dataset's cases. */
export interface CaseCollector {
  add(evalCase: EvalCase): void;
  /** Cases read so far. */
  readonly count: number;
  /** The cases, when kept (empty when only counted). */
  readonly cases: EvalCase[];
}

/** How a load treats cases: kept or counted, and the most rows a dataset may have. */
export interface CaseOptions {
  /** Keep the cases (a run); false only counts them (validate). Default true. */
  keep?: boolean;
  /** The most rows a dataset may have: a pull request's call budget (each row is at least one call). */
  maxRows?: number | null;
}

/** A collector for the dataset `file`. */
export function collectCases(file: string, options: CaseOptions = {}): CaseCollector {
  const keep = options.keep ?? true;
  const maxRows = options.maxRows ?? null;
  const cases: EvalCase[] = [];
  let count = 0;
  return {
    add(evalCase) {
      count++;
      if (maxRows !== null && count > maxRows)
        throw configError(
          { file, line: evalCase.source?.line },
          `the dataset has more than ${maxRows} rows, and each row is at least one model call: a pull request may make at most ${maxRows} (budget.max-pr-calls of the base branch); reading stopped here and nothing was called. Split the dataset, or raise budget.max-pr-calls on the base branch first`,
        );
      if (keep) cases.push(evalCase);
    },
    get count() {
      return count;
    },
    cases,
  };
}
