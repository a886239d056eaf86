// CSV and JSON-array datasets read as streams into columns (core/datasets/stream.ts,
// collect.ts): whatever the chunks, the cases are those of the whole-file parse, kept as
// ids, hashes and the place of their row, and read back from those bytes equal to the
// whole-file parse; PR-controlled rows that are malformed, oversized or used twice fail
// naming the file and line.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CaseColumns } from '../../src/core/datasets/case-columns.ts';
import { collectCases, type CaseCollector } from '../../src/core/datasets/collect.ts';
import { csvRows, jsonArrayRows } from '../../src/core/datasets/stream.ts';
import {
  DEFAULT_COLUMNS,
  ELYZA_COLUMNS,
  parseJudgedDataset,
  readJudgedDataset,
} from '../../src/core/kinds/judged/dataset.ts';
import { parsePromptDataset, readPromptDataset } from '../../src/core/kinds/prompt/dataset.ts';
import type { EvalCase } from '../../src/core/types.ts';

const enc = (t: string): Uint8Array => new TextEncoder().encode(t);
async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}
const drain = async <T>(rows: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const r of rows) out.push(r);
  return out;
};
/** A collector that reads rows back from `bytes()` (as they are then). */
const lazy = (file: string, bytes: () => Uint8Array): CaseCollector =>
  collectCases(file, { lazy: true }, (offset, length) => Promise.resolve(bytes().slice(offset, offset + length)));

// A BOM, CRLF, multi-byte text, quoted fields with commas, doubled quotes and line breaks
// (CRLF and LF), an empty line between records, a lone LF inside an unquoted field (the
// header's CRLF ends records, as csv-parse reads them), and no line break at the end.
const CSV =
  '\uFEFFid,input,reference,criteria\r\n' +
  '1,"zwei\r\nZeilen ""zitiert"" — 字",r1,c1\r\n' +
  '2,plain,"r,2",\r\n' +
  '\r\n' +
  '3,"a\nb\nc",r3 ü,c3\r\n' +
  '4,"😀 emoji",r4\nmit LF,\r\n' +
  '5,last,r5,c5';

const JSON_ARRAY =
  '\uFEFF[\n  {"id": "a", "q": "eins ü", "n": 1},\r\n' +
  '  {"id": "b", "q": "zwei \\"}\\" ] [ {", "n": {"deep": [1, {"x": "}"}]}},\n' +
  '\n  {"id": "c", "q": "字😀", "n": 3}\n' +
  ']\n';

describe('CSV datasets as streams into columns', () => {
  it('give the whole-file parse cut at any byte (a row, a quoted line break, a CRLF, a BOM split across chunks)', async () => {
    const bytes = enc(CSV);
    const whole = parseJudgedDataset(bytes, 'd.csv', undefined, DEFAULT_COLUMNS);
    const prompt = parsePromptDataset(bytes, 'd.csv', undefined).cases;
    assert.equal(whole.length, 5);
    for (const size of [1, 2, 3, 5, 7, 64, 10_000]) {
      const judged = lazy('d.csv', () => bytes);
      await readJudgedDataset(chunked(bytes, size), 'd.csv', undefined, DEFAULT_COLUMNS, judged);
      assert.ok(judged.cases instanceof CaseColumns);
      const kept = [...judged.cases];
      assert.ok(
        kept.every((c) => Object.keys(c.inputs).length === 0),
        `no text kept, chunks of ${size}`,
      );
      assert.deepEqual(
        kept.map((c) => [c.id, c.inputHash, c.source.line]),
        whole.map((c) => [c.id, c.inputHash, c.source.line]),
      );
      assert.ok(judged.readCases);
      assert.deepEqual(await judged.readCases(kept), whole, `judged, chunks of ${size}`);
      // Read back out of order (a shard's slice), each from its own bytes.
      assert.deepEqual(await judged.readCases([kept[4], kept[0], kept[2]] as EvalCase[]), [
        whole[4],
        whole[0],
        whole[2],
      ]);
      const asPrompt = lazy('d.csv', () => bytes);
      await readPromptDataset(chunked(bytes, size), 'd.csv', undefined, asPrompt);
      assert.ok(asPrompt.readCases);
      assert.deepEqual(await asPrompt.readCases([...asPrompt.cases]), prompt, `prompt, chunks of ${size}`);
    }
  });

  it('places each record at its bytes, past the first batch too', async () => {
    const rows = Array.from({ length: 9000 }, (_, i) => `${i},"frage ${i} —\r\nzweite ${'x'.repeat(90)}",ref ${i},k`);
    const text = `id,input,reference,criteria\r\n${rows.join('\r\n')}\r\n`;
    const bytes = enc(text);
    const got = await drain(csvRows(chunked(bytes, 4096), 'big.csv'));
    assert.equal(got.length, 9000);
    const decoder = new TextDecoder();
    for (const i of [0, 1, 4444, 8999]) {
      const place = got[i]?.place;
      assert.ok(place, `row ${i} has a place`);
      assert.equal(decoder.decode(bytes.subarray(place.offset, place.offset + place.bytes)), rows[i]);
    }
  });

  it('ELYZA ids count rows and survive the read-back', async () => {
    const text = 'input,output,eval_aspect\n"q1\nzwei",a1,e1\nq2,a2,\nq3,"a,3",e3\n';
    const bytes = enc(text);
    const whole = parseJudgedDataset(bytes, 'elyza.csv', undefined, ELYZA_COLUMNS);
    const into = lazy('elyza.csv', () => bytes);
    await readJudgedDataset(chunked(bytes, 3), 'elyza.csv', undefined, ELYZA_COLUMNS, into);
    assert.deepEqual(
      [...into.cases].map((c) => c.id),
      ['elyza-001', 'elyza-002', 'elyza-003'],
    );
    assert.ok(into.readCases);
    assert.deepEqual(await into.readCases([...into.cases].reverse()), [...whole].reverse());
  });

  it('fails naming file and line: ids used twice, an oversized or unclosed record, a row changed before read-back', async () => {
    const dup = enc('id,input,reference,criteria\n1,a,r,c\n2,b,r,c\n1,"x\ny",r,c\n');
    await assert.rejects(
      readJudgedDataset(
        chunked(dup, 4),
        'dup.csv',
        undefined,
        DEFAULT_COLUMNS,
        lazy('dup.csv', () => dup),
      ),
      /dup\.csv:4: case id "1" appears twice \(also line 2\)/,
    );
    await assert.rejects(
      readPromptDataset(
        chunked(dup, 4),
        'dup.csv',
        undefined,
        lazy('dup.csv', () => dup),
      ),
      /dup\.csv:4: case id "1" is used twice \(also line 2\)/,
    );
    const big = enc(`id,input\n1,ok\n2,"${'x'.repeat(5000)}\n`);
    await assert.rejects(
      drain(csvRows(chunked(big, 512), 'big.csv', undefined, 1000)),
      /big\.csv:3: the record that starts on line 3 is longer than 1000 characters \(a quoted field that is never closed\?\)/,
    );
    await assert.rejects(
      drain(csvRows(chunked(enc('id,input\n1,"open\n2,b\n'), 2), 'open.csv')),
      /open\.csv:2: a quoted field that starts on line 2 is never closed/,
    );
    let bytes = enc(CSV);
    const into = lazy('d.csv', () => bytes);
    await readJudgedDataset(chunked(bytes, 7), 'd.csv', undefined, DEFAULT_COLUMNS, into);
    const second = [...into.cases][1] as EvalCase;
    // The same length, another reference: only the input hash tells.
    bytes = enc(CSV.replace('2,plain,"r,2"', '2,plain,"r;2"'));
    assert.ok(into.readCases);
    await assert.rejects(
      into.readCases([second]),
      /d\.csv:4: line 4 changed while the run was reading the dataset \(its case is not the one loaded\)/,
    );
    // Two records where there was one.
    bytes = enc(CSV.replace('2,plain,"r,2",', '2,p\n1,2,"r,2"'));
    await assert.rejects(into.readCases([second]), /d\.csv:4: line 4 changed while the run was reading the dataset/);
  });
});

describe('JSON-array datasets as streams into columns', () => {
  it("give the whole-file parse cut at any byte, and read back from each object's bytes", async () => {
    const bytes = enc(JSON_ARRAY);
    const whole = parsePromptDataset(bytes, 'd.json', undefined).cases;
    assert.deepEqual(
      whole.map((c) => [c.id, c.source.line]),
      [
        ['a', 2],
        ['b', 3],
        ['c', 5],
      ],
    );
    for (const size of [1, 2, 3, 7, 10_000]) {
      const into = lazy('d.json', () => bytes);
      await readPromptDataset(chunked(bytes, size), 'd.json', undefined, into);
      const kept = [...into.cases];
      assert.ok(kept.every((c) => Object.keys(c.inputs).length === 0));
      assert.ok(into.readCases);
      assert.deepEqual(await into.readCases(kept), whole, `chunks of ${size}`);
      assert.deepEqual(await into.readCases([kept[2], kept[0]] as EvalCase[]), [whole[2], whole[0]]);
    }
  });

  it('refuses what is not one array of objects, naming the line', async () => {
    const fails = async (text: string, pattern: RegExp, max?: number): Promise<void> => {
      for (const size of [1, 1000]) {
        const rows = jsonArrayRows(chunked(enc(text), size), 'x.json', max);
        await assert.rejects(drain(rows), pattern, `${JSON.stringify(text)} in chunks of ${size}`);
      }
    };
    await fails('{"id": 1}', /x\.json:1: expected a JSON array of objects, one per case, not one object/);
    await fails('', /x\.json:1: not valid JSON \(the file is empty\)/);
    await fails('[\n{"a":1},\n2]', /x\.json:3: item 1 must be an object/);
    await fails('[\n{"a":1},\n]', /x\.json:3: not valid JSON \(a "," before the closing "\]"\)/);
    await fails('[{"a":1}\n{"a":2}]', /x\.json:2: not valid JSON \(expected "," or "\]" after item 0, found "\{"\)/);
    await fails('[{"a":1}]\nx', /x\.json:2: not valid JSON \("x" after the array's closing "\]"\)/);
    await fails('[{"a":1},\n {"a": tru}]', /x\.json:2: item 1 \(the object that starts on line 2\) is not valid JSON/);
    await fails(
      '[{"a":1},\n {"a": "never closed}]',
      /x\.json:2: not valid JSON \(item 1, which starts on line 2, is never closed/,
    );
    await fails('[{"a":1}', /x\.json:1: not valid JSON \(the array is never closed/);
    await fails(
      `[{"a":1},\n{"a":"${'x'.repeat(3000)}"}]`,
      /x\.json:2: item 1 \(the object that starts on line 2\) is longer than 1000 characters/,
      1000,
    );
    const dup = enc('[{"id":"a","q":1},\n{"id":"a","q":2}]');
    await assert.rejects(
      readPromptDataset(
        chunked(dup, 5),
        'dup.json',
        undefined,
        lazy('dup.json', () => dup),
      ),
      /dup\.json:2: case id "a" is used twice \(also line 1\)/,
    );
  });
});
