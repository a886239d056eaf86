/**
 * Progress on stderr: a live line on a terminal, a plain line every few seconds in CI logs.
 */
import type { CaseRecord } from '../core/types.ts';

/** A progress reporter for suites. */
export interface Progress {
  onRecord(suite: string, record: CaseRecord, total: number): void;
  end(): void;
}

/** Creates a progress reporter writing to a stream. */
export function createProgress(stream: NodeJS.WriteStream, quiet: boolean): Progress {
  const state = new Map<string, { done: number; errors: number }>();
  let lastPlain = 0;
  let live = false;
  return {
    onRecord(suite, record, total) {
      if (quiet) return;
      const s = state.get(suite) ?? { done: 0, errors: 0 };
      s.done++;
      if (record.status === 'error') s.errors++;
      state.set(suite, s);
      const line = `${suite}: ${s.done}/${total} done, ${s.errors} errors`;
      if (stream.isTTY) {
        stream.write(`\r\u001b[2K${line}`);
        live = true;
        if (s.done === total) {
          stream.write('\n');
          live = false;
        }
      } else {
        const now = performance.now();
        if (s.done === total || now - lastPlain > 5000) {
          stream.write(`${line}\n`);
          lastPlain = now;
        }
      }
    },
    end() {
      if (live) stream.write('\n');
    },
  };
}
