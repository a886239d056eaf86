/**
 * The history of baselines/ read from git: every commit on the first-parent line that
 * changed a suite's baseline file, each version measured by the core (history.ts). Shared
 * by `evalgate history` and the action's trend line. Versions are read one at a time, so a
 * long history of large baselines never sits in memory at once.
 */
import { nameSchema } from '../core/config/common.ts';
import {
  linkPoints,
  measureVersion,
  type HistoryOptions,
  type HistoryPoint,
  type SuiteHistory,
} from '../core/history.ts';
import type { GitRepo } from './git.ts';

/** What to read. */
export interface BaselineHistoryRequest {
  /** The commit to read back from. */
  sha: string;
  /** The baselines folder, relative to the repository root ('/'-separated, no trailing slash). */
  dir: string;
  /** Commits of the folder to read, newest first. */
  limit: number;
  /** Only these suites (empty: every suite with a baseline file). */
  suites: readonly string[];
  /** Interval settings per suite (its gate's confidence). */
  options(suite: string): HistoryOptions;
  /** Read at most this many versions per suite, the newest (default: all in the commits read). */
  perSuite?: number;
}

/** The histories of the suites (oldest version first), by name, and the commits read (newest first). */
export async function readBaselineHistory(
  repo: GitRepo,
  request: BaselineHistoryRequest,
): Promise<{ histories: SuiteHistory[]; commits: string[] }> {
  const commits = await repo.log(request.sha, request.dir, request.limit);
  const bySuite = new Map<string, HistoryPoint[]>();
  const prefix = request.dir === '' ? '' : `${request.dir}/`;
  const most = request.perSuite ?? Number.POSITIVE_INFINITY;
  // Newest first, so a suite's last versions are read and older ones never are.
  for (const commit of commits) {
    for (const file of commit.files) {
      if (!file.startsWith(prefix) || !file.endsWith('.json')) continue;
      const suite = file.slice(prefix.length, -'.json'.length);
      // Only baselines/<suite>.json: no subfolder, and a name a suite can have.
      if (suite.includes('/') || !nameSchema.safeParse(suite).success) continue;
      if (request.suites.length > 0 && !request.suites.includes(suite)) continue;
      const points = bySuite.get(suite) ?? [];
      if (points.length >= most) continue;
      const text = await repo.show(commit.sha, file);
      points.push(
        measureVersion(
          { suite, commit: commit.sha, date: commit.date, subject: commit.subject, text },
          request.options(suite),
        ),
      );
      bySuite.set(suite, points);
    }
  }
  const names = [...bySuite.keys()].sort();
  return {
    histories: names.map((name) => linkPoints(name, [...(bySuite.get(name) ?? [])].reverse())),
    commits: commits.map((c) => c.sha),
  };
}
