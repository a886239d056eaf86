// Datasets read as streams (core/datasets/stream.ts) give exactly what the whole-file
// parsers give — cases, ids, identity hashes, the content hash, and errors at the same
// file:line — however the bytes are cut into chunks; and validate only counts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { collectCases } from '../../src/core/datasets/collect.ts';
import { csvRows, hashedChunks, jsonlRows } from '../../src/core/datasets/stream.ts';
import { contentSha256 } from '../../src/core/hash.ts';
import { parseExactCopyDataset, readExactCopyDataset } from '../../src/core/kinds/exact-copy/dataset.ts';
import { DEFAULT_COLUMNS, parseJudgedDataset, readJudgedDataset } from '../../src/core/kinds/judged/dataset.ts';
import { parsePromptDataset, readPromptDataset } from '../../src/core/kinds/prompt/dataset.ts';

const enc = (t: string): Uint8Array => new TextEncoder().encode(t);
/** The bytes in pieces of `size` (1 cuts inside every UTF-8 sequence and every CRLF). */
async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}
const collect = async <T>(rows: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const r of rows) out.push(r);
  return out;
};

const JSONL =
  '\uFEFF{"id":"a","question":"q","context":"x\\nあい","expected":"あい"}\r\n\r\n{"question":"q2","context":"one\\ntwo","expected":"two","cluster":"c"}\r\n{"id":"c","context":"z","expected":"z"}';
const CSV =
  '\uFEFFid,input,reference,criteria\r\n1,"multi\r\nline ""quoted""",r1,c1\r\n2,plain,"r,2",\r\n\r\n3,"a\nb\nc",r3,c3';

describe('datasets as streams', () => {
  it('JSONL and CSV rows, cases and hashes equal the whole-file parse, cut at any byte', async () => {
    const whole = parseExactCopyDataset(enc(JSONL), 'd.jsonl');
    const judged = parseJudgedDataset(enc(CSV), 'd.csv', undefined, DEFAULT_COLUMNS);
    for (const size of [1, 2, 3, 7, 1000]) {
      const into = collectCases('d.jsonl');
      const source = hashedChunks(chunked(enc(JSONL), size));
      await readExactCopyDataset(source.chunks, 'd.jsonl', undefined, into);
      assert.deepEqual(into.cases, whole, `exact-copy, chunks of ${size}`);
      assert.equal(source.sha256(), contentSha256(enc(JSONL)), `hash, chunks of ${size}`);
      const csvInto = collectCases('d.csv');
      const csvSource = hashedChunks(chunked(enc(CSV), size));
      await readJudgedDataset(csvSource.chunks, 'd.csv', undefined, DEFAULT_COLUMNS, csvInto);
      assert.deepEqual(csvInto.cases, judged, `judged csv, chunks of ${size}`);
      assert.equal(csvSource.sha256(), contentSha256(enc(CSV)));
    }
    assert.deepEqual(
      (await collect(jsonlRows(chunked(enc(JSONL), 5), 'd.jsonl'))).map((r) => r.line),
      [1, 3, 4],
    );
  });

  it('CSV in batches: records past the first megabyte keep their lines, and errors there point at them', async () => {
    const pad = 'x'.repeat(70);
    const rows = Array.from({ length: 12_000 }, (_, i) => `${i},"in ${i}\nsecond line ${pad}",ref ${i},crit`);
    const text = `id,input,reference,criteria\n${rows.join('\n')}\n`;
    const streamed = await collect(csvRows(chunked(enc(text), 65_536), 'big.csv'));
    assert.equal(streamed.length, 12_000);
    assert.equal(streamed[11_999]?.line, 2 + 11_999 * 2);
    assert.deepEqual(streamed[11_999]?.value, {
      id: '11999',
      input: `in 11999\nsecond line ${pad}`,
      reference: 'ref 11999',
      criteria: 'crit',
    });
    const broken = `${text}12000,"never closed,x,y\n`;
    await assert.rejects(
      collect(csvRows(chunked(enc(broken), 65_536), 'big.csv')),
      /big\.csv:24002: a quoted field that starts on line 24002 is never closed/,
    );
  });

  it('errors name the same file:line as the whole-file parse; bad UTF-8 split across chunks is caught', async () => {
    const bad = '{"id":"a","context":"x","expected":"x"}\n{"id":"a","context":"y","expected":"y"}\n';
    assert.throws(
      () => parseExactCopyDataset(enc(bad), 'd.jsonl'),
      /d\.jsonl:2: line 2: id "a" is used twice \(also line 1\)/,
    );
    await assert.rejects(
      readExactCopyDataset(chunked(enc(bad), 3), 'd.jsonl', undefined, collectCases('d.jsonl')),
      /d\.jsonl:2: line 2: id "a" is used twice \(also line 1\)/,
    );
    await assert.rejects(
      readExactCopyDataset(
        chunked(enc('{"context":"x","expected":"x"}\n{oops\n'), 4),
        'd.jsonl',
        undefined,
        collectCases('d.jsonl'),
      ),
      /d\.jsonl:2: not valid JSON/,
    );
    const bytes = enc('{"id":"é","context":"x","expected":"x"}\n');
    const broken = new Uint8Array([...bytes.subarray(0, 8), 0xc3, 0x28, ...bytes.subarray(8)]);
    await assert.rejects(
      readExactCopyDataset(chunked(broken, 9), 'd.jsonl', undefined, collectCases('d.jsonl')),
      /not valid UTF-8/,
    );
    const prompt = 'q,a\n1,2\n';
    const into = collectCases('p.csv');
    assert.deepEqual(await readPromptDataset(chunked(enc(prompt), 1), 'p.csv', undefined, into), ['q', 'a']);
    assert.deepEqual(into.cases, parsePromptDataset(enc(prompt), 'p.csv', undefined).cases);
  });

  it('validate only counts; a pull request row limit stops reading at the first row past it', async () => {
    const lines = Array.from({ length: 50 }, (_, i) => JSON.stringify({ id: `c${i}`, context: 'x', expected: 'x' }));
    const counted = collectCases('d.jsonl', { keep: false });
    await readExactCopyDataset(chunked(enc(lines.join('\n')), 100), 'd.jsonl', undefined, counted);
    assert.equal(counted.count, 50);
    assert.equal(counted.cases.length, 0);
    let pulled = 0;
    const counting = async function* (): AsyncGenerator<Uint8Array> {
      for await (const c of chunked(enc(lines.join('\n')), 40)) {
        pulled += c.length;
        yield c;
      }
    };
    await assert.rejects(
      readExactCopyDataset(counting(), 'd.jsonl', undefined, collectCases('d.jsonl', { maxRows: 10 })),
      /d\.jsonl:11: the dataset has more than 10 rows.*budget\.max-pr-calls/s,
    );
    assert.ok(pulled < lines.join('\n').length / 2, `read ${pulled} bytes of a file the limit stopped early`);
  });
});
