// Resuming from a record log read from disk line by line (never held whole): the records a
// rerun keeps, the partial last line of a killed run dropped, a log signed with another key
// or under another header refused, the same as from the log's text.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { lineSourceIfExists } from '../../src/adapters/fs-store.ts';
import { planResume, startLogLines, type RecordLogHeader } from '../../src/core/record-log.ts';
import type { Authenticator } from '../../src/ports.ts';
import { syntheticPair } from '../helpers/synthetic-results.ts';

const keyed = (key: string): Authenticator => ({ tag: (text) => createHmac('sha256', key).update(text).digest('hex') });
const auth = keyed('run key');
const header: RecordLogHeader = {
  type: 'evalgate-record-log',
  version: 1,
  suite: 'copy',
  runId: 'r1',
  startedAt: '2026-01-01T00:00:00Z',
  tested: 't',
  instrument: 'i',
};
// Case 1 errored (tried again, not kept).
const { candidate } = syntheticPair({ n: 6, errors: (i) => i === 1 });
const identity = {
  suite: 'copy',
  tested: 't',
  instrument: 'i',
  repeats: 1,
  cases: new Map(candidate.records.map((r) => [r.caseId, r.inputHash])),
};

describe('resuming from a record log read line by line', () => {
  let dir: string;
  let text: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'evalgate-record-log-'));
    // A killed run: its last line cut mid-record.
    text = `${[...startLogLines(header, candidate.records, auth)].join('')}{"caseId":"case-0000`;
    await writeFile(join(dir, 'log.jsonl'), text);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('keeps the finished records and drops the partial line, as from the text', async () => {
    const fromFile = await planResume(await lineSourceIfExists(join(dir, 'log.jsonl')), identity, auth);
    assert.ok(fromFile && 'finished' in fromFile);
    assert.deepEqual(
      fromFile.finished.map((r) => r.caseId),
      ['case-00000', 'case-00002', 'case-00003', 'case-00004', 'case-00005'],
    );
    assert.deepEqual(fromFile.finished[0], candidate.records[0]);
    assert.equal(fromFile.droppedLines, 1);
    assert.deepEqual(fromFile.header, header);
    assert.deepEqual(await planResume(text, identity, auth), fromFile);
  });

  it('refuses a log signed with another key, counting its lines, and resumes nothing of another suite', async () => {
    const source = await lineSourceIfExists(join(dir, 'log.jsonl'));
    assert.deepEqual(await planResume(source, identity, keyed('another key')), { rejectedLog: 8 });
    assert.equal(await planResume(source, { ...identity, suite: 'other' }, auth), null);
    assert.equal(await lineSourceIfExists(join(dir, 'missing.jsonl')), null);
  });
});
