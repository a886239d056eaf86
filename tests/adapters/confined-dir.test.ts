// Writes below the out-dir, the cache and the baselines never follow a symlink: a pull
// request can commit one anywhere in the checkout (adapters/confined-dir.ts). Each
// variant is a symlink that would have sent a write outside; none may.
import assert from 'node:assert/strict';
import { lstat, mkdir, mkdtemp, open, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it, mock } from 'node:test';
import { confinedDir, SymlinkRefusedError } from '../../src/adapters/confined-dir.ts';
import { createFsRunStore } from '../../src/adapters/fs-store.ts';
import { createCachedClient } from '../../src/adapters/response-cache.ts';
import type { ModelClient } from '../../src/ports.ts';

describe('confined writes', () => {
  let dir: string;
  let outside: string;
  let repo: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'evalgate-confined-'));
    outside = join(dir, 'outside');
    repo = join(dir, 'repo');
    await mkdir(outside);
    await mkdir(repo);
  });
  after(() => rm(dir, { recursive: true, force: true }));
  const nothingOutside = async (): Promise<void> => assert.deepEqual(await readdir(outside, { recursive: true }), []);

  it('a symlinked out-dir, a deeper folder, and a symlinked file: refused by name or replaced, never followed', async () => {
    // The out-dir itself, walked from the repository root (the action on pull requests).
    await symlink(outside, join(repo, 'out1'));
    const store1 = createFsRunStore(join(repo, 'out1'), join(repo, 'baselines'), { anchor: repo, shown: '' });
    await assert.rejects(store1.prepare(), (e: unknown) => e instanceof SymlinkRefusedError && e.refused === 'out1');
    // A deeper component: out2/results.
    await mkdir(join(repo, 'out2'));
    await symlink(outside, join(repo, 'out2', 'results'));
    const store2 = createFsRunStore(join(repo, 'out2'), join(repo, 'baselines'));
    await assert.rejects(store2.writeResult('s', '{}'), /will not write through .*out2\/results: it is a symlink/);
    await assert.rejects(store2.startRecordLog('s', 'x\n'), SymlinkRefusedError);
    // Deeper still: a/b/c where b is the link.
    await mkdir(join(repo, 'deep', 'a'), { recursive: true });
    await symlink(outside, join(repo, 'deep', 'a', 'b'));
    await assert.rejects(confinedDir(join(repo, 'deep')).writeAtomic('a/b/c/file.json', 'x'), /a\/b: it is a symlink/);
    // The final name a symlink to a file outside: the rename replaces the link, the target is untouched.
    await writeFile(join(outside, 'victim'), 'keep me');
    await mkdir(join(repo, 'out3', 'results'), { recursive: true });
    await symlink(join(outside, 'victim'), join(repo, 'out3', 'results', 's.json'));
    await createFsRunStore(join(repo, 'out3'), join(repo, 'b')).writeResult('s', '{"new":1}');
    assert.equal(await readFile(join(outside, 'victim'), 'utf8'), 'keep me');
    assert.equal((await lstat(join(repo, 'out3', 'results', 's.json'))).isFile(), true);
    // Appending to a record log that is a symlink: refused, not followed, and named from the
    // repository root when the out-dir is walked from there (the action on pull requests).
    await symlink(join(outside, 'victim'), join(repo, 'out3', 'results', 'log.jsonl'));
    await assert.rejects(confinedDir(join(repo, 'out3')).openAppend('results/log.jsonl'), SymlinkRefusedError);
    await assert.rejects(
      confinedDir(repo, 'out3', '').openAppend('results/log.jsonl'),
      (e: unknown) => e instanceof SymlinkRefusedError && e.refused === 'out3/results/log.jsonl',
    );
    assert.equal(await readFile(join(outside, 'victim'), 'utf8'), 'keep me');
    await rm(join(outside, 'victim'));
    await nothingOutside();
  });

  it('without procfs (macOS, Windows): the same symlinks are refused by lstat and realpath', async () => {
    const root = join(dir, 'no-procfs');
    await mkdir(join(root, 'a'), { recursive: true });
    await symlink(outside, join(root, 'a', 'b'));
    const plain = confinedDir(root, '', root, { procfs: false });
    await assert.rejects(plain.writeAtomic('a/b/c.json', 'x'), /a\/b: it is a symlink/);
    await plain.writeAtomic('a/fine/c.json', 'x');
    assert.equal(await readFile(join(root, 'a', 'fine', 'c.json'), 'utf8'), 'x');
    await symlink(join(outside, 'target.json'), join(root, 'a', 'fine', 'link.json'));
    await assert.rejects(plain.openAppend('a/fine/link.json'), SymlinkRefusedError);
    await nothingOutside();
  });

  it('a folder swapped for a symlink during the run: the open log keeps its file, later writes are refused', async () => {
    const out = join(dir, 'run-out');
    const store = createFsRunStore(out, join(dir, 'run-baselines'));
    await store.prepare();
    const sink = await store.startRecordLog('s', 'header\n');
    // Mid-run, results/ is replaced by a symlink to a folder outside.
    await rename(join(out, 'results'), join(out, 'results-moved'));
    await symlink(outside, join(out, 'results'));
    await sink.append({ caseId: 'a' });
    await sink.close?.();
    assert.equal(await readFile(join(out, 'results-moved', 's.records.jsonl'), 'utf8'), 'header\n{"caseId":"a"}\n');
    await assert.rejects(store.writeResult('s', '{}'), SymlinkRefusedError);
    await store.writeReport('# r');
    assert.equal(await readFile(join(out, 'report.md'), 'utf8'), '# r');
    await nothingOutside();
  });

  it('the response cache does not write through a symlinked shard folder', async () => {
    const cache = join(dir, 'cache');
    const inner: ModelClient = {
      label: 'fake',
      complete: async () => ({
        status: 'ok',
        text: 'hi',
        usage: null,
        latencyMs: 1,
        servedModel: null,
        fingerprint: null,
        finishReason: 'stop',
      }),
    };
    const auth = { tag: (t: string) => `mac-${t.length}` };
    const client = createCachedClient(inner, { dir: cache, endpoint: 'http://x', model: 'm', auth });
    const request = {
      messages: [{ role: 'user' as const, content: 'q' }],
      temperature: 0,
      seed: 1,
      maxTokens: 5,
      repeat: 0,
    };
    // Learn the shard folder of this request, then plant a symlink there.
    await client.complete(request);
    const [shard] = await readdir(cache);
    await rm(join(cache, shard as string), { recursive: true });
    await symlink(outside, join(cache, shard as string));
    await assert.rejects(client.complete(request), SymlinkRefusedError);
    await nothingOutside();
  });

  it('createNew keeps an existing file and refuses a symlink in its place; lookup creates nothing', async () => {
    const root = join(dir, 'create-new');
    const folder = confinedDir(root, '', '');
    assert.equal(await folder.lookup('a/b/new.txt'), 'missing');
    await assert.rejects(readdir(join(root, 'a')), 'lookup created no folder');
    assert.equal(await folder.createNew('a/b/new.txt', 'first'), true);
    assert.equal(await folder.createNew('a/b/new.txt', 'second'), false);
    assert.equal(await readFile(join(root, 'a', 'b', 'new.txt'), 'utf8'), 'first');
    assert.equal(await folder.lookup('a/b/new.txt'), 'file');
    assert.equal(await folder.lookup('a/b'), 'folder');
    await writeFile(join(outside, 'victim'), 'keep me');
    await symlink(join(outside, 'victim'), join(root, 'a', 'b', 'link.txt'));
    await symlink(outside, join(root, 'a', 'c'));
    for (const [rel, refused] of [
      ['a/b/link.txt', 'a/b/link.txt'],
      ['a/c/new.txt', 'a/c'],
    ] as const) {
      await assert.rejects(
        folder.createNew(rel, 'x'),
        (e: unknown) => e instanceof SymlinkRefusedError && e.refused === refused,
      );
      await assert.rejects(
        folder.lookup(rel),
        (e: unknown) => e instanceof SymlinkRefusedError && e.refused === refused,
      );
    }
    assert.equal(await readFile(join(outside, 'victim'), 'utf8'), 'keep me');
    await rm(join(outside, 'victim'));
    await nothingOutside();
  });

  it('a file arrives whole when the system writes fewer bytes than asked (short writes)', async () => {
    // FileHandle.write may write less than it was given (a full disk's last blocks, a
    // signal, a network filesystem); the caller must write the rest. At the boundary,
    // every write here stops after 64 KiB and reports so, as the system call would.
    const CAP = 64 * 1024;
    const probe = await open(join(dir, 'probe'), 'w');
    const proto = Object.getPrototypeOf(probe) as { write: (...args: unknown[]) => Promise<{ bytesWritten: number }> };
    await probe.close();
    const write = proto.write;
    const short = mock.method(proto, 'write', function (this: unknown, data: unknown, ...rest: unknown[]) {
      if (typeof data === 'string') {
        // write(string, position, encoding): only the first CAP bytes reach the file.
        const bytes = Buffer.from(data, (rest[1] as BufferEncoding | undefined) ?? 'utf8');
        return write.call(this, bytes, 0, Math.min(bytes.length, CAP), rest[0] ?? null);
      }
      const bytes = data as Uint8Array;
      const offset = (rest[0] as number | undefined) ?? 0;
      const length = (rest[1] as number | undefined) ?? bytes.byteLength - offset;
      return write.call(this, bytes, offset, Math.min(length, CAP), rest[2] ?? null);
    });
    try {
      const folder = confinedDir(join(dir, 'short-writes'));
      // Several 1 MiB batches of multi-byte text (bytes are not characters), and one string.
      const line = (i: number): string => `{"case":${i},"reply":"こんにちは — ${'é'.repeat(40)}"}\n`;
      const lines = Array.from({ length: 40_000 }, (_, i) => line(i));
      await folder.writeAtomic('results/big.jsonl', lines);
      const expected = lines.join('');
      assert.ok(Buffer.byteLength(expected) > 3 * 2 ** 20, 'more than three batches');
      const whole = async (path: string): Promise<void> => {
        const text = await readFile(join(dir, 'short-writes', path), 'utf8');
        assert.equal(text.length, expected.length, `${path}: every character written`);
        assert.ok(text === expected, `${path}: the same text`);
      };
      await whole('results/big.jsonl');
      await folder.writeAtomic('whole.txt', expected);
      await whole('whole.txt');
      assert.ok(short.mock.callCount() > 2 * (Buffer.byteLength(expected) / CAP), 'the writes were cut short');
    } finally {
      short.mock.restore();
    }
  });

  it('a file written in chunks holds the bytes of the chunks joined: large chunks, buffer edges, split surrogate pairs', async () => {
    const folder = confinedDir(join(dir, 'chunks'));
    const chunks: string[] = [];
    // Multi-byte characters across the 1 MiB buffer's edges, at every offset mod 4.
    for (let i = 0; i < 30_000; i++) chunks.push(`${'x'.repeat(i % 4)}日本 ${'é'.repeat(i % 7)}😀 ${i}\n`);
    // A chunk larger than the buffer, a surrogate pair split between two chunks, a lone
    // surrogate in the middle, and a high surrogate ending the last chunk.
    chunks.push('big '.repeat(400_000), 'pair: \ud83d', '\ude00 joined', ' lone \udc00 ', 'end \ud83d');
    await folder.writeAtomic('chunks.txt', chunks);
    const written = await readFile(join(dir, 'chunks', 'chunks.txt'));
    assert.ok(written.equals(Buffer.from(chunks.join(''), 'utf8')));
    assert.match(written.toString('utf8'), /pair: 😀 joined/);
  });

  it('files written in chunks at the same time, and one after them, each hold their own bytes (the batch buffer is reused)', async () => {
    const folder = confinedDir(join(dir, 'together'));
    // Each more than three 1 MiB batches, so the writes interleave between their batches.
    const chunksOf = (tag: string): string[] =>
      Array.from({ length: 60_000 }, (_, i) => `{"${tag}":${i},"text":"${tag.repeat(40)} é 😀"}\n`);
    const names = ['a', 'b', 'c'];
    await Promise.all(names.map((n) => folder.writeAtomic(`${n}.jsonl`, chunksOf(n))));
    await folder.writeAtomic('d.jsonl', chunksOf('d'));
    // A short one after a long one: nothing of the earlier file's bytes is left in it.
    await folder.writeAtomic('e.jsonl', ['{"e":1}\n']);
    for (const n of [...names, 'd']) {
      const written = await readFile(join(dir, 'together', `${n}.jsonl`));
      assert.ok(written.length > 3 * 2 ** 20);
      assert.ok(written.equals(Buffer.from(chunksOf(n).join(''), 'utf8')), `${n}.jsonl: its own bytes`);
    }
    assert.equal(await readFile(join(dir, 'together', 'e.jsonl'), 'utf8'), '{"e":1}\n');
  });
});
