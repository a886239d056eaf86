/**
 * Progress on stderr: on a terminal a live line per suite (done/total, errors, cache hits,
 * calls per second, ETA); in CI logs (no TTY) a plain line every few seconds; nothing
 * with --quiet.
 */
import type { CaseRecord } from '../core/types.ts';
import { paint } from './colour.ts';
import { count } from '../core/report/plural.ts';
import { escapeControls } from '../core/log-text.ts';

/** A progress reporter for suites. */
export interface Progress {
  start(suite: string, total: number, alreadyDone: number): void;
  onRecord(suite: string, record: CaseRecord): void;
  end(): void;
}

interface SuiteState {
  total: number;
  done: number;
  resumed: number;
  errors: number;
  cached: number;
  startedMs: number;
}

/** Creates a progress reporter writing to a stream; `now` is injectable for tests. */
export function createProgress(
  stream: NodeJS.WriteStream,
  quiet: boolean,
  now: () => number = () => performance.now(),
  plainEveryMs = 5000,
  colour = false,
): Progress {
  const p = paint(colour);
  const state = new Map<string, SuiteState>();
  let lastPlain = Number.NEGATIVE_INFINITY;
  let live = false;
  const line = (suite: string, s: SuiteState): string => {
    const seconds = Math.max(0.001, (now() - s.startedMs) / 1000);
    const fresh = s.done - s.resumed;
    const rate = fresh / seconds;
    const left = s.total - s.done;
    const eta = rate > 0 && left > 0 ? `, ETA ${formatDuration(left / rate)}` : '';
    const resumed = s.resumed ? `, ${s.resumed} resumed` : '';
    const errors = count(s.errors, 'error');
    return `${p.bold(escapeControls(suite))}: ${s.done}/${s.total} done, ${s.errors > 0 ? p.red(errors) : errors}, ${s.cached} cached${resumed}, ${p.dim(`${rate.toFixed(1)} calls/s${eta}`)}`;
  };
  return {
    start(suite, total, alreadyDone) {
      state.set(suite, { total, done: alreadyDone, resumed: alreadyDone, errors: 0, cached: 0, startedMs: now() });
    },
    onRecord(suite, record) {
      const s = state.get(suite);
      if (!s || quiet) return;
      s.done++;
      if (record.status === 'error') s.errors++;
      if (record.cached) s.cached++;
      const text = line(suite, s);
      if (stream.isTTY) {
        stream.write(`\r\u001b[2K${text}`);
        live = s.done < s.total;
        if (!live) stream.write('\n');
      } else if (s.done === s.total || now() - lastPlain >= plainEveryMs) {
        stream.write(`${text}\n`);
        lastPlain = now();
      }
    },
    end() {
      if (live) stream.write('\n');
      live = false;
    },
  };
}

function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  const m = Math.floor(seconds / 60);
  return m < 60 ? `${m} min ${Math.round(seconds % 60)} s` : `${Math.floor(m / 60)} h ${m % 60} min`;
}
