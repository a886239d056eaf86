/**
 * The append-only record log (`results/<suite>.records.jsonl`) and resuming from it. The
 * first line identifies the run; every other line is one finished record. A process
 * killed mid-write leaves at most one partial last line, which is dropped. A rerun into
 * the same output resumes only when the suite's identity (what is tested and what
 * measures it) is unchanged, and keeps only scored or refused records: errored ones are
 * tried again.
 */
import type { CaseRecord } from './types.ts';

/** The log's first line. */
export interface RecordLogHeader {
  type: 'evalgate-record-log';
  version: 1;
  suite: string;
  runId: string;
  startedAt: string;
  tested: string;
  instrument: string;
}

/** What a rerun can keep. */
export interface ResumePlan {
  header: RecordLogHeader;
  finished: CaseRecord[];
  /** Lines that could not be read (a partial last line after a kill). */
  droppedLines: number;
}

/** The identity a log must carry for its records to be reused. */
export interface LogIdentity {
  suite: string;
  tested: string;
  instrument: string;
  cases: ReadonlyMap<string, string>;
  repeats: number;
}

/** Reads a record log and decides what a rerun may keep; null when nothing can be resumed. */
export function planResume(text: string | null, identity: LogIdentity): ResumePlan | null {
  if (text === null || text === '') return null;
  const lines = text.split('\n').filter((l) => l !== '');
  let header: RecordLogHeader | null = null;
  try {
    const first = JSON.parse(lines[0] as string) as Partial<RecordLogHeader>;
    if (first.type === 'evalgate-record-log' && first.version === 1) header = first as RecordLogHeader;
  } catch {
    return null;
  }
  if (!header || header.suite !== identity.suite || header.tested !== identity.tested || header.instrument !== identity.instrument) return null;
  const kept = new Map<string, CaseRecord>();
  let dropped = 0;
  for (const line of lines.slice(1)) {
    let record: CaseRecord;
    try {
      record = JSON.parse(line) as CaseRecord;
    } catch {
      dropped++;
      continue;
    }
    if (typeof record?.caseId !== 'string' || typeof record.repeat !== 'number') {
      dropped++;
      continue;
    }
    if (record.status === 'error') continue;
    if (identity.cases.get(record.caseId) !== record.inputHash || record.repeat >= identity.repeats) continue;
    kept.set(`${record.caseId}\u0000${record.repeat}`, record);
  }
  return { header, finished: [...kept.values()], droppedLines: dropped };
}

/** The text a log starts with: its header and any records carried over. */
export function startLogText(header: RecordLogHeader, finished: readonly CaseRecord[]): string {
  return [header, ...finished].map((x) => JSON.stringify(x)).join('\n') + '\n';
}
