// RangeFile.lines (adapters/fs-store.ts): the lines of a file and their byte offsets, read
// in blocks through one reused buffer. Lines that cross a block, a line longer than a
// block, CRLF endings split across blocks and multi-byte characters at a block's edge must
// come out as a plain split of the file gives them.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { rangeFile } from '../../src/adapters/fs-store.ts';

/** The lines of `bytes` as the reader must give them: split at "\n", a CR before it dropped, offsets in bytes. */
function expectedLines(bytes: Buffer): { text: string; start: number; end: number }[] {
  const out: { text: string; start: number; end: number }[] = [];
  let from = 0;
  for (;;) {
    const nl = bytes.indexOf(10, from);
    const stop = nl < 0 ? bytes.length : nl;
    if (nl < 0 && from === bytes.length) break;
    const end = stop > from && bytes[stop - 1] === 13 ? stop - 1 : stop;
    out.push({ text: bytes.toString('utf8', from, end), start: from, end });
    if (nl < 0) break;
    from = nl + 1;
  }
  return out;
}

async function linesOf(path: string): Promise<{ text: string; start: number; end: number }[]> {
  const file = rangeFile(path);
  const got: { text: string; start: number; end: number }[] = [];
  for await (const batch of file.lines()) for (const line of batch) got.push({ ...line });
  for (const line of got) assert.equal(file.read(line.start, line.end), line.text);
  return got;
}

test('lines across blocks, longer than a block, CRLF and multi-byte text at block edges', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'evalgate-range-file-'));
  try {
    const parts: string[] = [];
    const block = 1 << 20;
    // Lines whose ends fall on every side of the 1 MiB edges: a CR as a block's last byte,
    // a 3-byte character cut by the edge, an empty line.
    let size = 0;
    let i = 0;
    while (size < 3 * block) {
      const line =
        i % 7 === 0
          ? `${'é'.repeat(i % 13)}日本語 ${i}`
          : i % 11 === 0
            ? ''
            : `line ${i} ${'x'.repeat((i * 37) % 500)}`;
      const ending = i % 3 === 0 ? '\r\n' : '\n';
      parts.push(line + ending);
      size += Buffer.byteLength(line + ending);
      i++;
    }
    // A line of 2.5 MiB, then the last line without a newline.
    parts.push(`${'long '.repeat((5 * block) / 10)}\r\n`, 'tail without newline 語');
    const bytes = Buffer.from(parts.join(''), 'utf8');
    const path = join(dir, 'lines.jsonl');
    await writeFile(path, bytes);
    assert.deepEqual(await linesOf(path), expectedLines(bytes));

    // Every offset of a CRLF at the first block's edge: the CR last in one block, the LF first in the next.
    for (const shift of [-2, -1, 0, 1]) {
      const head = 'a'.repeat(block - 1 + shift);
      const edge = Buffer.from(`${head}\r\nnext\r\n日\n`, 'utf8');
      const edgePath = join(dir, `edge${shift}.txt`);
      await writeFile(edgePath, edge);
      assert.deepEqual(await linesOf(edgePath), expectedLines(edge), `shift ${shift}`);
    }

    // A file ending in a CR with no newline keeps the rule of the last line (the CR dropped).
    const cr = Buffer.from('one\ntwo\r', 'utf8');
    const crPath = join(dir, 'cr.txt');
    await writeFile(crPath, cr);
    assert.deepEqual(await linesOf(crPath), [
      { text: 'one', start: 0, end: 3 },
      { text: 'two', start: 4, end: 7 },
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
