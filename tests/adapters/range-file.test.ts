// A file's lines with their byte offsets (adapters/fs-store.ts rangeFile.lines): every line
// as a plain split gives it, with offsets that read back the same text — across the reads
// of 1 MB the reader makes, for lines longer than a read, CRLF and multi-byte characters
// split between reads, and a last line without its line break.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { rangeFile } from '../../src/adapters/fs-store.ts';

const dir = await mkdtemp(join(tmpdir(), 'evalgate-range-'));
after(() => rm(dir, { recursive: true, force: true }));

describe('rangeFile lines', () => {
  it('gives every line and its byte range, across reads and for lines longer than a read', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 3000; i++)
      lines.push(`{"i": ${i}, "t": "${'ab東😀'.repeat(i % 97)}"}${i % 3 === 0 ? '\r' : ''}`);
    // Lines of 1.5 MB and 3 MB: longer than a read, and than the buffer at first.
    lines.splice(1000, 0, 'x'.repeat(1_500_000));
    lines.splice(2000, 0, `${'é'.repeat(1_500_000)}\r`);
    const text = `${lines.join('\n')}\nlast line without a break 東`;
    const path = join(dir, 'lines.jsonl');
    await writeFile(path, text);
    const file = rangeFile(path);
    const got: { text: string; start: number; end: number }[] = [];
    for await (const batch of file.lines()) got.push(...batch);
    const expected = [...lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l)), 'last line without a break 東'];
    assert.equal(got.length, expected.length);
    for (const [k, line] of got.entries()) {
      assert.equal(line.text, expected[k], `line ${k + 1}`);
      assert.equal(file.read(line.start, line.end), line.text, `line ${k + 1} read back`);
    }
    assert.equal(got.at(-1)?.end, Buffer.byteLength(text));
  });
});
