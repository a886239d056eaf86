// Resuming from a record log read from disk line by line (never held whole): the records a
// rerun keeps, the partial last line of a killed run dropped, a log signed with another key
// or under another header refused, the same as from the log's text.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { appendFile, mkdtemp, open, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createFsRunStore, lineSourceIfExists, rangeFile } from '../../src/adapters/fs-store.ts';
import {
  planResume,
  readBackLog,
  readBackLogInPlace,
  startLogLines,
  type RecordLogHeader,
} from '../../src/core/record-log.ts';
import { aggregateRecords } from '../../src/core/results.ts';
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
    // Read from disk, the plan holds which case and repeat each record is, not the records.
    assert.deepEqual(
      [...fromFile.finished.keys()],
      ['case-00000', 'case-00002', 'case-00003', 'case-00004', 'case-00005'].map((id) => `${id}\u00000`),
    );
    const records = [...fromFile.finished];
    assert.deepEqual(
      records.map((r) => r.caseId),
      ['case-00000', 'case-00002', 'case-00003', 'case-00004', 'case-00005'],
    );
    assert.deepEqual(records[0], candidate.records[0]);
    assert.equal(fromFile.droppedLines, 1);
    assert.deepEqual(fromFile.header, header);
    const fromText = await planResume(text, identity, auth);
    assert.ok(fromText && 'finished' in fromText);
    assert.deepEqual([...fromText.finished], records);
    assert.deepEqual({ ...fromText, finished: null }, { ...fromFile, finished: null });
    // The new log starts with the same lines, whichever way the plan was read.
    assert.deepEqual(
      [...startLogLines(header, fromFile.finished, auth)],
      [...startLogLines(header, fromText.finished, auth)],
    );
  });

  it('refuses to carry over a kept record whose line changed after the plan was made', async () => {
    const path = join(dir, 'changed.jsonl');
    await writeFile(path, text);
    const plan = await planResume(await lineSourceIfExists(path), identity, auth);
    assert.ok(plan && 'finished' in plan);
    // The same bytes' length, another answer: the MAC no longer holds.
    const handle = await open(path, 'r+');
    const at = text.indexOf('"caseId":"case-00002"');
    await handle.write('"caseId":"case-00009"', at);
    await handle.close();
    assert.throws(
      () => [...startLogLines(header, plan.finished, auth)],
      /changed\.jsonl: the record log changed while the run was resuming/,
    );
  });

  it('refuses a log signed with another key, counting its lines, and resumes nothing of another suite', async () => {
    const source = await lineSourceIfExists(join(dir, 'log.jsonl'));
    assert.deepEqual(await planResume(source, identity, keyed('another key')), { rejectedLog: 8 });
    assert.equal(await planResume(source, { ...identity, suite: 'other' }, auth), null);
    assert.equal(await lineSourceIfExists(join(dir, 'missing.jsonl')), null);
  });
});

// A running suite keeps no finished record: the log is read back when its calls are done.
// Whatever changed the file in between fails the run naming the line, never a record skipped.
describe('reading back the log a suite wrote while it ran', () => {
  const file = 'out/results/copy.records.jsonl';
  const written = [...startLogLines(header, candidate.records, auth)];
  const n = candidate.records.length;
  const readBack = (lines: readonly string[], expected = n, key = auth) =>
    readBackLog(lines.join(''), header, key, expected, file);

  it('gives back every record as it was appended, signed or not', async () => {
    assert.deepEqual(await readBack(written), candidate.records);
    const unsigned = [`${JSON.stringify(header)}\n`, ...candidate.records.map((r) => `${JSON.stringify(r)}\n`)];
    assert.deepEqual(await readBackLog(unsigned.join(''), header, undefined, n, file), candidate.records);
  });

  it('fails naming the line that was edited, cut or is not a record', async () => {
    const edited = [...written];
    edited[3] = (edited[3] as string).replace('"repeat":0', '"repeat":1');
    await assert.rejects(readBack(edited), (e: Error) => e.message.startsWith(`${file}:4: `) && /MAC/.test(e.message));
    const cut = [...written];
    cut[2] = `${(cut[2] as string).slice(0, 40)}\n`;
    await assert.rejects(readBack(cut), (e: Error) => e.message.startsWith(`${file}:3: not valid JSON`));
    const array = [...written];
    array[5] = '[1]\n';
    await assert.rejects(readBack(array), (e: Error) => e.message.startsWith(`${file}:6: not a record`));
  });

  it('fails when records are added, repeated or missing, or the header is not this run’s', async () => {
    await assert.rejects(readBack([...written, written[2] as string], n + 1), (e: Error) =>
      e.message.startsWith(`${file}:${n + 2}: case case-00001 repeat 0 is in the log twice`),
    );
    await assert.rejects(readBack(written.slice(0, -1)), (e: Error) =>
      e.message.includes(`holds ${n - 1} record(s) where the run appended ${n}`),
    );
    await assert.rejects(readBack(written, n, keyed('another key')), (e: Error) =>
      e.message.startsWith(`${file}:1: the first line is not the header this run wrote`),
    );
    await assert.rejects(readBackLog(null, header, auth, n, file), /the record log is gone/);
  });
});

// On disk the log is checked the same way and left there: the run's result file is written
// from it record by record, in the result's order, and nothing holds every record.
describe('reading back the log in place', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'evalgate-log-in-place-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));
  const n = candidate.records.length;
  // Appended as the calls finished: not in the result's order.
  const shuffled = [...candidate.records].reverse();
  const sorted = [...candidate.records].sort((a, b) => (a.caseId < b.caseId ? -1 : a.caseId > b.caseId ? 1 : 0));
  let k = 0;
  const readIn = async (lines: readonly string[], expected = n, key: Authenticator | null = auth) => {
    const path = join(dir, `log-${k++}.jsonl`);
    await writeFile(path, lines.join(''));
    return { path, back: await readBackLogInPlace(rangeFile(path), header, key ?? undefined, expected, path) };
  };

  it('gives the records in the result’s order and the same aggregates, signed or not', async () => {
    const { back } = await readIn([...startLogLines(header, shuffled, auth)]);
    // The same text, key order included: the result file written from them is the same bytes.
    assert.equal(JSON.stringify([...back.sorted]), JSON.stringify(sorted));
    assert.equal(
      JSON.stringify(back.aggregates(candidate.instrument, null)),
      JSON.stringify(aggregateRecords(sorted, candidate.instrument)),
    );
    const unsigned = [`${JSON.stringify(header)}\n`, ...shuffled.map((r) => `${JSON.stringify(r)}\n`)];
    const { back: plain } = await readIn(unsigned, n, null);
    assert.deepEqual([...plain.sorted], sorted);
  });

  it('takes the MAC off each record wherever it stands, and fails a line without one', async () => {
    // The MAC is taken off the parsed record itself (no copy): a MAC written first, as
    // another writer might, leaves the other keys in their order.
    const written = [...startLogLines(header, shuffled, auth)];
    const macFirst = written.map((line, i) => {
      if (i === 0) return line;
      const { mac, ...rest } = JSON.parse(line) as { mac: string };
      return `${JSON.stringify({ mac, ...rest })}\n`;
    });
    const { back } = await readIn(macFirst);
    assert.equal(JSON.stringify([...back.sorted]), JSON.stringify(sorted));
    const unsigned = [...written];
    unsigned[2] = (unsigned[2] as string).replace(/,"mac":"[0-9a-f]+"/, '');
    await assert.rejects(readIn(unsigned), (e: Error) => /\.jsonl:3: /.test(e.message) && /MAC/.test(e.message));
  });

  it('fails as the whole reading does: an edited line, a record twice, one missing, another header', async () => {
    const written = [...startLogLines(header, shuffled, auth)];
    const edited = [...written];
    edited[3] = (edited[3] as string).replace('"repeat":0', '"repeat":1');
    await assert.rejects(readIn(edited), (e: Error) => /\.jsonl:4: /.test(e.message) && /MAC/.test(e.message));
    await assert.rejects(readIn([...written, written[2] as string, written[4] as string], n + 2), (e: Error) =>
      /\.jsonl:8: case case-\d+ repeat 0 is in the log twice/.test(e.message),
    );
    await assert.rejects(readIn(written.slice(0, -1)), /holds 5 record\(s\) where the run appended 6/);
    await assert.rejects(
      readIn(written, n, keyed('another key')),
      /:1: the first line is not the header this run wrote/,
    );
  });

  it('sorts and checks a log of thousands of records by case id then repeat, as the result is sorted', async () => {
    // More records than one packed chunk of ids holds (4,096), with ids that are prefixes
    // of others, outside ASCII, and repeats out of order: the order `<` on strings gives.
    const template = candidate.records[0] as (typeof candidate.records)[number];
    const ids = Array.from({ length: 2600 }, (_, i) =>
      i % 7 === 0 ? `c${i}` : i % 7 === 1 ? `c${i}é` : `C-${i}\u{1f600}`,
    );
    const many = ids.flatMap((caseId) => [1, 0].map((repeat) => ({ ...template, caseId, repeat })));
    const bySort = [...many].sort((a, b) => (a.caseId < b.caseId ? -1 : a.caseId > b.caseId ? 1 : a.repeat - b.repeat));
    const lines = [...startLogLines(header, many, auth)];
    const { back } = await readIn(lines, many.length);
    assert.equal(back.sorted.length, many.length);
    assert.equal(JSON.stringify([...back.sorted]), JSON.stringify(bySort));
    assert.equal(
      JSON.stringify(back.aggregates(candidate.instrument, null)),
      JSON.stringify(aggregateRecords(bySort, candidate.instrument)),
    );
    // A record twice, far apart in the log: the later line is named.
    const again = many[4999] as (typeof many)[number];
    await assert.rejects(readIn([...lines, lines[5000] as string], many.length + 1), (e: Error) =>
      e.message.includes(`.jsonl:${lines.length + 1}: case ${again.caseId} repeat ${again.repeat} is in the log twice`),
    );
  });

  it('fails naming the log when a record changes after it was read', async () => {
    const { path, back } = await readIn([...startLogLines(header, shuffled, auth)]);
    // The first record in the result's order is the last line; change one of its bytes in place.
    const handle = await open(path, 'r+');
    const { size } = await handle.stat();
    await handle.write(Buffer.from('X'), 0, 1, size - 20);
    await handle.close();
    assert.throws(
      () => back.sorted[0],
      (e: Error) => e.message.startsWith(`${path}: the file changed`),
    );
    assert.deepEqual(back.sorted[1], sorted[1]);
  });

  it('reads the log back through the handle it was appended through, not by its path', async () => {
    const out = join(dir, `store-${k++}`);
    const store = createFsRunStore(out, join(dir, 'baselines'));
    await store.prepare();
    const [first, ...rest] = [...startLogLines(header, shuffled, auth)];
    const sink = await store.startRecordLog('copy', first as string);
    for (const line of rest) await sink.append(JSON.parse(line) as unknown);
    const appended = sink.readBack?.();
    assert.ok(appended, 'the file store reads its log back through the handle');
    await sink.close?.();
    const path = join(out, 'results', 'copy.records.jsonl');
    // Another valid log of this run (one record fewer) renamed into the log's place afterwards.
    await writeFile(`${path}.other`, [first, ...rest.slice(0, -1)].join(''));
    await rename(`${path}.other`, path);
    const back = await readBackLogInPlace(appended, header, auth, n, path);
    assert.equal(JSON.stringify([...back.sorted]), JSON.stringify(sorted));

    // What is written to the file the handle holds is read: a line appended to it fails the run.
    const again = await store.startRecordLog('again', first as string);
    for (const line of rest) await again.append(JSON.parse(line) as unknown);
    const reader = again.readBack?.();
    assert.ok(reader);
    await again.close?.();
    await appendFile(join(out, 'results', 'again.records.jsonl'), rest[0] as string);
    await assert.rejects(readBackLogInPlace(reader, header, auth, n, path), /is in the log twice/);
  });
});
