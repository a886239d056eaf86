// A result read from a file keeps its records in the file (core/stored-records.ts): readers
// get the same values as from a parse of the whole file, and a file changed while it is in
// use fails with an error naming it instead of giving other records.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createFsRunStore, rangeFile, readResultFile } from '../../src/adapters/fs-store.ts';
import { compareWithBaseline } from '../../src/core/compare/index.ts';
import { DEFAULT_GATE } from '../../src/core/config/common.ts';
import { ConfigError } from '../../src/core/errors.ts';
import { renderHtmlReport } from '../../src/core/report/html.ts';
import { renderJunit } from '../../src/core/report/junit.ts';
import { renderReport } from '../../src/core/report/markdown.ts';
import { syntheticPair } from '../helpers/synthetic-results.ts';
import { measurementDigest } from '../../src/core/results.ts';
import { resultChunks } from '../../src/core/result-stream.ts';
import { recordColumns, ResultWriting, writtenFileText } from '../../src/core/stored-records.ts';
import type { CaseRecord, SuiteResult } from '../../src/core/types.ts';
import { resultAround } from '../helpers/results.ts';

// Long enough that a file of a few hundred records is read again in several blocks (1 MB each).
const PAD = 'lorem ipsum '.repeat(400);

function record(i: number): CaseRecord {
  return {
    caseId: `case-${i}`,
    repeat: 0,
    inputHash: `h${i}`,
    status: i % 4 === 0 ? 'error' : 'scored',
    scores: i % 4 === 0 ? null : { 'exact-match': i % 3 === 0 ? 0 : 1 },
    // Multi-byte text and a line separator: offsets are in bytes, lines end at "\n" only.
    request: { messages: [{ role: 'user', content: `Frage ${i}: Größe? 東京\u2028 "q" }\n    },` }] },
    reply: i % 4 === 0 ? null : { text: `Antwort ${i} ✓`, servedModel: 'm', fingerprint: null, finishReason: 'stop' },
    usage: { inputTokens: i, outputTokens: 2 * i },
    latencyMs: 3,
    error: i % 4 === 0 ? { kind: 'http', httpStatus: 500, message: 'boom' } : null,
    attempts: 1,
    cached: false,
    detail: { expected: `Antwort ${i} ✓`, question: `Frage ${i}`, context: PAD },
  };
}

function result(n: number): SuiteResult {
  return resultAround(Array.from({ length: n }, (_, i) => record(i)));
}

const dir = await mkdtemp(join(tmpdir(), 'evalgate-stored-'));
after(() => rm(dir, { recursive: true, force: true }));
let files = 0;
async function written(value: SuiteResult, crlf = false): Promise<string> {
  const path = join(dir, `result-${files++}.json`);
  const text = [...resultChunks(value)].join('');
  await writeFile(path, crlf ? text.replace(/\n/g, '\r\n') : text);
  return path;
}

function changedError(path: string): (error: unknown) => boolean {
  return (error) =>
    error instanceof ConfigError && error.message.includes(path) && error.message.includes('changed while');
}

describe('records left in their file', () => {
  for (const crlf of [false, true]) {
    it(`gives every reader the values a parse of the whole file gives${crlf ? ' (CRLF line ends)' : ''}`, async () => {
      const value = result(40);
      const path = await written(value, crlf);
      const read = await readResultFile(path);
      const whole = JSON.parse(await readFile(path, 'utf8')) as SuiteResult;
      assert.equal(read.records.length, 40);
      assert.ok(Array.isArray(read.records));
      assert.deepEqual([...read.records], whole.records);
      assert.deepEqual(
        read.records.map((r) => r.caseId),
        whole.records.map((r) => r.caseId),
      );
      assert.equal(read.records.filter((r) => r.status === 'error').length, 10);
      assert.deepEqual(read.records[7], whole.records[7]);
      assert.equal(
        JSON.stringify(read.records),
        JSON.stringify(whole.records),
        'serialized the same (the baseline digest)',
      );
      assert.equal(measurementDigest(read), measurementDigest(whole));
    });
  }

  it('cannot be changed', async () => {
    const read = await readResultFile(await written(result(3)));
    assert.throws(() => {
      (read.records as CaseRecord[])[0] = record(9);
    }, TypeError);
    assert.throws(() => (read.records as CaseRecord[]).push(record(9)), TypeError);
  });

  it('fails naming the file when it was truncated after it was read', async () => {
    const path = await written(result(600));
    const read = await readResultFile(path);
    const size = (await readFile(path)).length;
    await truncate(path, Math.floor(size / 2));
    assert.throws(() => read.records.map((r) => r.caseId), changedError(path));
  });

  it('fails naming the file when a record was edited in place (same size)', async () => {
    const path = await written(result(600));
    const read = await readResultFile(path);
    const bytes = await readFile(path);
    const at = bytes.indexOf('Antwort 17 ✓');
    bytes.write('Antwort 71', at);
    await writeFile(path, bytes);
    assert.equal(read.records[3]?.caseId, 'case-3', 'records before the edit read as they were');
    assert.throws(() => read.records[17], changedError(path));
  });

  it('finds one byte changed anywhere in a record: its first and last bytes, a multi-byte character, a newline', async () => {
    const value = result(3);
    const path = await written(value);
    const bytes = await readFile(path);
    const start = bytes.indexOf('    {\n      "caseId": "case-1"');
    const end = bytes.indexOf('\n    }', start) + '\n    }'.length;
    assert.ok(start > 0 && end > start);
    const at = new Set<number>();
    for (let p = start; p < end; p += 97) at.add(p);
    // The record's first and last bytes (the checksum takes the bytes four at a time, the last word filled out).
    for (let k = 0; k < 8; k++) at.add(start + k).add(end - 1 - k);
    const multiByte = bytes.indexOf('東京', start);
    at.add(multiByte)
      .add(multiByte + 1)
      .add(multiByte + 4);
    at.add(bytes.indexOf(10, start + 10));
    for (const p of at) {
      const read = await readResultFile(path);
      const changed = Buffer.from(bytes);
      changed[p] = (changed[p] as number) ^ 1;
      await writeFile(path, changed);
      assert.equal(read.records[0]?.caseId, 'case-0', 'a record left as it was reads as it was');
      assert.throws(() => read.records[1], changedError(path), `byte ${p - start} of the record changed`);
      await writeFile(path, bytes);
      assert.equal(read.records[2]?.caseId, 'case-2');
    }
    const read = await readResultFile(path);
    assert.deepEqual(read.records[1], value.records[1], 'the file as it was reads again');
  });

  it('reads the file it first read when another is put in its place', async () => {
    const path = await written(result(10));
    const read = await readResultFile(path);
    const other = await written({ ...result(10), records: result(10).records.map((r) => ({ ...r, caseId: 'x' })) });
    await rename(other, path);
    assert.equal(read.records[5]?.caseId, 'case-5');
  });

  it('names the record that lacks its case id, as a file read whole does', async () => {
    const value = result(5);
    const broken = { ...value, records: value.records.map((r, i) => (i === 2 ? { ...r, caseId: 3 } : r)) };
    const path = await written(broken as unknown as SuiteResult);
    await assert.rejects(readResultFile(path), /records\[2\] lacks caseId, inputHash or repeat/);
  });

  it('names the line of a record that is not JSON', async () => {
    const path = await written(result(5));
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.replace('"caseId": "case-3"', '"caseId": case-3'));
    await assert.rejects(readResultFile(path), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+: not valid JSON`));
      return true;
    });
  });

  it('gives the same comparison and junit.xml as the records held whole (the comparison reads their columns)', async () => {
    const pair = syntheticPair({ n: 300, fails: (i) => i % 7 === 0, errors: (i) => i % 11 === 1 });
    // Clusters, a refusal and errors of both causes, so every column is read.
    pair.baseline.records.forEach((r, i) => (r.cluster = `c${i % 13}`));
    const refused = pair.candidate.records[5] as CaseRecord;
    Object.assign(refused, { status: 'refused', scores: null });
    pair.candidate.records.forEach((r, i) => {
      if (r.error)
        r.error = {
          ...r.error,
          cause: i % 2 === 0 ? 'candidate' : 'infrastructure',
          reason: i % 2 === 0 ? 'reply-unusable' : 'http-5xx',
        } as typeof r.error;
    });
    const base = await readResultFile(await written(pair.baseline));
    const cand = await readResultFile(await written(pair.candidate));
    const gate = { ...DEFAULT_GATE, 'max-error-rate': 1 };
    const held = compareWithBaseline(pair.baseline, pair.candidate, gate);
    const stored = compareWithBaseline(base, cand, gate);
    assert.deepEqual(stored, held);
    assert.ok((held.pairing?.failedByCandidate.length ?? 0) > 0, 'candidate failures were counted');
    assert.equal(
      renderJunit({ comparisons: [stored], results: new Map([['copy', cand]]) }),
      renderJunit({ comparisons: [held], results: new Map([['copy', pair.candidate]]) }),
    );
  });

  it('gives the same report.md, report.html and junit.xml as the records held whole (the reports read their columns)', async () => {
    const pair = syntheticPair({ n: 120, fails: (i) => i % 9 === 0, errors: (i) => i % 17 === 3 });
    // What the reports count from the columns: replies cut by the token limit (more than a
    // list shows) and to the size limit, reasoning, other served models, a refusal, errors
    // of both causes, and latencies missing, null or not a number.
    pair.candidate.records.forEach((r, i) => {
      if (r.reply) {
        if (i % 7 === 0) r.reply.finishReason = 'length';
        if (i % 40 === 2) r.reply.cutFromChars = 9000;
        if (i % 5 === 1) r.reply.reasoning = 'thinking';
        if (i % 6 === 4) r.reply.servedModel = `served-${i % 5}`;
      }
      if (r.error)
        r.error = { ...r.error, cause: i % 2 ? 'candidate' : 'infrastructure', reason: 'x' } as typeof r.error;
      if (i === 10) r.latencyMs = null;
      if (i === 11) delete (r as Partial<CaseRecord>).latencyMs;
      if (i === 12) (r as unknown as { latencyMs: string }).latencyMs = '7';
    });
    Object.assign(pair.candidate.records[8] as CaseRecord, { status: 'refused', scores: null });
    const base = await readResultFile(await written(pair.baseline));
    const cand = await readResultFile(await written(pair.candidate));
    const gate = { ...DEFAULT_GATE, 'max-error-rate': 1 };
    const input = (baseline: SuiteResult, candidate: SuiteResult) => {
      const comparison = compareWithBaseline(baseline, candidate, gate);
      return {
        verdict: comparison.verdict,
        comparisons: [comparison],
        results: new Map([['copy', candidate]]),
        baselines: new Map([['copy', baseline]]),
      };
    };
    const held = input(pair.baseline, pair.candidate);
    const stored = input(base, cand);
    const md = renderReport(held);
    assert.match(md, /\+\d+\)/, 'the list of cut replies is cut');
    assert.match(md, /served-1/);
    assert.equal(renderReport(stored), md);
    assert.equal(renderHtmlReport(stored, 'test'), renderHtmlReport(held, 'test'));
    const junit = renderJunit(held);
    // The string "7" is added as the records add it: 0 + "7" is "07", 0.007 s.
    assert.match(junit, /name="case-00012" time="0\.007"/, 'a latency that is not a number is summed as before');
    assert.equal(renderJunit(stored), junit);
  });

  it('checks the records against the kind the document names, even when the head names another', async () => {
    const path = await written(result(4));
    const text = await readFile(path, 'utf8');
    // "suite" given again after the records: JSON keeps the last, so the records are prompt records.
    const twice = text.replace(/\n {2}\]\n\}\n$/, '\n  ],\n  "suite": {"name": "s", "kind": "prompt"}\n}\n');
    assert.notEqual(twice, text);
    await writeFile(path, twice);
    await assert.rejects(readResultFile(path), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /records\[0\] \(case case-0\) detail\.assertions: .* for a prompt record/);
      return true;
    });
  });
});

describe('the columns of a stored result (held through a run for its baseline)', () => {
  it("give back each record's numbers in place, across blocks, as the records have them", async () => {
    // 9,000 records: three blocks of numbers, the last cut to size; a second metric named
    // from record 5,000 on (NaN before), latencies missing, null and not numbers.
    const value = result(9000);
    value.records = value.records.map((r, i) => ({
      ...r,
      status: i % 11 === 0 ? 'refused' : r.status,
      scores: r.scores && i >= 5000 ? { ...r.scores, extra: i % 5 === 0 ? Number.NaN : i / 3 } : r.scores,
      latencyMs: (i % 13 === 0 ? null : i % 17 === 0 ? undefined : i * 1.5) as number,
      detail: { expected: 'x', question: 'q' },
    }));
    const read = await readResultFile(await written(value));
    const columns = recordColumns(read.records);
    assert.ok(columns);
    const extra = columns.scores.get('extra');
    assert.ok(extra);
    assert.equal(columns.status.length, 9000);
    for (const [k, r] of value.records.entries()) {
      assert.equal(columns.status.get(k), { scored: 0, error: 1, refused: 2 }[r.status], `status ${k}`);
      assert.equal(columns.hasScores.get(k), r.scores === null ? 0 : 1);
      assert.equal(columns.cause.get(k), r.status === 'error' ? 2 : 0);
      assert.deepEqual(columns.scores.get('exact-match')?.get(k), r.scores?.['exact-match'] ?? Number.NaN);
      const e = r.scores?.['extra'];
      assert.deepEqual(extra.get(k), e !== undefined && Number.isFinite(e) ? e : Number.NaN);
      assert.equal(columns.latency.get(k), r.latencyMs ?? 0);
    }
    assert.deepEqual([...columns.hasScores].length, 9000);
  });

  it("give back each record's case id, input hash and cluster as the record has them", async () => {
    const hex = (i: number): string => createHash('sha256').update(String(i)).digest('hex');
    const value = result(40);
    value.records = value.records.map((r, i) => ({
      ...r,
      // Repeats share an id; hashes of 64 hex digits are kept as bytes, any other as text.
      caseId: `case-${Math.floor(i / 2)}${i % 7 === 0 ? ' é💥' : ''}`,
      repeat: i % 2,
      inputHash: i % 5 === 0 ? `odd-${i}` : i % 11 === 0 ? hex(i).toUpperCase() : hex(i),
      // Clusters named from the tenth record on, not on every record.
      ...(i >= 10 && i % 3 !== 0 ? { cluster: `k${i % 4}` } : {}),
    }));
    const read = await readResultFile(await written(value));
    const columns = recordColumns(read.records);
    assert.ok(columns);
    assert.equal(columns.caseId.length, value.records.length);
    for (const [k, r] of value.records.entries()) {
      assert.equal(columns.caseId.get(k), r.caseId);
      assert.equal(columns.inputHash.get(k), r.inputHash);
      assert.equal(columns.cluster[k], r.cluster);
    }
    const plain = await readResultFile(await written(result(5)));
    assert.deepEqual(recordColumns(plain.records)?.cluster, []);
  });
});

describe('a result file taken as it is written (not read back)', () => {
  /** A run's records as a stored list (each a parse of JSON text), written again through ResultWriting. */
  async function rewritten(n: number): Promise<{ path: string; writing: ResultWriting; read: SuiteResult }> {
    const read = await readResultFile(await written(result(n)));
    const path = join(dir, `rewritten-${files++}.json`);
    const writing = new ResultWriting(read.records);
    await writeFile(path, [...resultChunks(read, writing.seen)].join(''));
    return { path, writing, read };
  }

  it('gives the value, records and columns a reading of the file gives', async () => {
    const { path, writing } = await rewritten(60);
    const taken = writing.stored(rangeFile(path)) as unknown as SuiteResult;
    const read = await readResultFile(path);
    assert.deepEqual({ ...taken, records: [] }, { ...read, records: [] });
    assert.deepEqual([...taken.records], [...read.records]);
    assert.deepEqual(recordColumns(taken.records), recordColumns(read.records));
  });

  it('is not used for records held as objects (read back instead)', async () => {
    const writing = new ResultWriting(result(3).records);
    const path = join(dir, `held-${files++}.json`);
    await writeFile(path, [...resultChunks(result(3), writing.seen)].join(''));
    assert.equal(writing.stored(rangeFile(path)), null);
  });

  it('fails naming the file when it was truncated or edited after it was written', async () => {
    const truncated = await rewritten(20);
    await truncate(truncated.path, 5000);
    assert.throws(() => truncated.writing.stored(rangeFile(truncated.path)), changedError(truncated.path));

    // The same size, a record's text changed: found when that record is read.
    const edited = await rewritten(20);
    const text = await readFile(edited.path, 'utf8');
    await writeFile(edited.path, text.replace('Antwort 7 ✓', 'Antwort 9 ✓'));
    const taken = edited.writing.stored(rangeFile(edited.path)) as unknown as SuiteResult;
    assert.throws(() => taken.records[7], changedError(edited.path));

    // The text around the records changed (same size).
    const head = await rewritten(20);
    const before = await readFile(head.path, 'utf8');
    await writeFile(head.path, before.replace('"runId": "r"', '"runId": "x"'));
    assert.throws(() => head.writing.stored(rangeFile(head.path)), changedError(head.path));
  });

  it('gives back the file it was written to, for --update-baseline: the same bytes as writing the result again', async () => {
    const { path, writing } = await rewritten(60);
    const taken = writing.stored(rangeFile(path)) as unknown as SuiteResult;
    const copy = writtenFileText(taken.records);
    assert.ok(copy, 'a result taken as written has its text');
    const text = [...copy].join('');
    assert.equal(text, await readFile(path, 'utf8'));
    assert.equal(text, [...resultChunks(taken)].join(''));
    // Only a file this process wrote: one read from disk, or records held as objects, are written again.
    assert.equal(writtenFileText((await readResultFile(path)).records), null);
    assert.equal(writtenFileText(result(3).records), null);
  });

  it('does not give the file back once it changed, naming it; the baseline it was copied to is left as it was', async () => {
    const store = createFsRunStore(join(dir, `out-${files}`), join(dir, `baselines-${files++}`));
    await store.writeBaseline('s', 'the baseline before\n');
    const baselineFile = join(store.describe().baselines, 's.json');
    const copyFails = async (path: string, taken: SuiteResult): Promise<void> => {
      const copy = writtenFileText(taken.records);
      assert.ok(copy);
      await assert.rejects(store.writeBaseline('s', copy), changedError(path));
      assert.equal(await readFile(baselineFile, 'utf8'), 'the baseline before\n');
      assert.deepEqual(await readdir(store.describe().baselines), ['s.json'], 'no temporary file left');
    };

    // Truncated between the check and the copy.
    const truncated = await rewritten(2000);
    const short = truncated.writing.stored(rangeFile(truncated.path)) as unknown as SuiteResult;
    await truncate(truncated.path, 500_000);
    await copyFails(truncated.path, short);

    // A record edited in place (the same size), far into the file.
    const edited = await rewritten(2000);
    const taken = edited.writing.stored(rangeFile(edited.path)) as unknown as SuiteResult;
    const text = await readFile(edited.path, 'utf8');
    await writeFile(edited.path, text.replace('Antwort 1777 ✓', 'Antwort 1999 ✓'));
    await copyFails(edited.path, taken);

    // The text after the records edited (the same size: the last newline made a space), in a
    // file larger than the block the check read the tail with, so the copy reads it again.
    const tail = await rewritten(2000);
    const tailTaken = tail.writing.stored(rangeFile(tail.path)) as unknown as SuiteResult;
    const before = await readFile(tail.path, 'utf8');
    assert.ok(before.endsWith('  ]\n}\n'));
    await writeFile(tail.path, `${before.slice(0, -1)} `);
    await copyFails(tail.path, tailTaken);

    // A file put in its place after the check is not read: the copy comes from the file checked.
    const replaced = await rewritten(20);
    const kept = replaced.writing.stored(rangeFile(replaced.path)) as unknown as SuiteResult;
    const original = await readFile(replaced.path, 'utf8');
    await writeFile(`${replaced.path}.new`, original.replace('"runId": "r"', '"runId": "x"'));
    await rename(`${replaced.path}.new`, replaced.path);
    assert.equal([...(writtenFileText(kept.records) ?? [])].join(''), original);
  });
});
