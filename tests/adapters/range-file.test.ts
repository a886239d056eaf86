// RangeFile.lines and Workspace.readRange (adapters/fs-store.ts): the lines of a file and their byte offsets, read
// in blocks through one reused buffer. Lines that cross a block, a line longer than a
// block, CRLF endings split across blocks and multi-byte characters at a block's edge must
// come out as a plain split of the file gives them.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createFsWorkspace, rangeFile } from '../../src/adapters/fs-store.ts';

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

// Workspace.readRange (a run reads each case's row back by range while it calls): the file
// is located inside the repository and opened at its first range, and later ranges read
// that same file. A path turned into a symlink to a file outside the repository after the
// first range must not lead there, and a path refused from the start stays refused.
test('a workspace reads ranges from the file it checked, whatever is put at its path later', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'evalgate-range-ws-'));
  const outside = await mkdtemp(join(tmpdir(), 'evalgate-range-outside-'));
  try {
    const repo = join(dir, 'repo');
    await mkdir(repo);
    await writeFile(join(repo, 'cases.jsonl'), 'line one\nline two\n');
    await writeFile(join(outside, 'secret.txt'), 'SECRET-OUTSIDE-THE-REPO');
    const ws = createFsWorkspace(repo);
    const text = async (offset: number, length: number): Promise<string> =>
      Buffer.from(await (ws.readRange as NonNullable<typeof ws.readRange>)('cases.jsonl', offset, length)).toString();
    assert.equal(await text(9, 8), 'line two');
    // The path now names a symlink out of the repository: the checked file is still what is read.
    await rename(join(repo, 'cases.jsonl'), join(repo, 'moved.jsonl'));
    await symlink(join(outside, 'secret.txt'), join(repo, 'cases.jsonl'));
    assert.equal(await text(0, 8), 'line one');
    assert.equal(await text(0, 100), 'line one\nline two\n', 'fewer bytes than asked at the end');
    // A fresh workspace locates the path again, and refuses the symlink.
    const fresh = createFsWorkspace(repo);
    await assert.rejects(
      (fresh.readRange as NonNullable<typeof fresh.readRange>)('cases.jsonl', 0, 8),
      /symlink to a file outside the repository/,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  }
});
