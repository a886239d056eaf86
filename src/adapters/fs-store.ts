/**
 * The file-system edge: the workspace (templates, datasets, relative to the config file),
 * the run's output directory and the baselines directory. Records are appended to a JSONL
 * log as they finish; final files are written atomically (temp file + rename), so a killed
 * process never leaves a half-written result or baseline.
 *
 * Writes never follow a symlink below the output, cache or baselines folder
 * (confined-dir.ts).
 *
 * The workspace is confined to the repository: every path is resolved with realpath and
 * must stay inside the boundary (the git top level, or the workspace without git). An
 * absolute path, a `..` that climbs out, a symlink whose target is outside, or anything
 * but a regular file or folder is refused before a byte is read, so a pull request cannot
 * make evalgate read `/proc/self/environ` or a file beside the checkout.
 */
import { closeSync, createReadStream, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { mkdir, readdir, readFile, realpath, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { parseResultFileLines } from '../core/engine.ts';
import { confinedDir } from './confined-dir.ts';
import { callsDone, callsStarting, collectBeforeReport, collectingEvery, giveBackBetweenSteps } from './heap-growth.ts';
import { ConfigError } from '../core/errors.ts';
import type { SuiteResult } from '../core/types.ts';
import type { LineAt, LineSource, Located, RangeFile, ResultSink, RunStore, Workspace } from '../ports.ts';

const toSlash = (p: string): string => p.split(sep).join('/');

/**
 * Why a path is refused before it is even resolved, or null: control characters (a
 * newline in a path would write workflow commands into the log) and any `.git`
 * component (git's own files hold credentials, e.g. the checkout token's extraheader).
 */
export function refusedPathForm(path: string): string | null {
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'contains a control character';
  if (path.split(/[\\/]/).some((part) => part.toLowerCase() === '.git'))
    return 'points into .git, which evalgate never reads';
  return null;
}
const climbsOut = (rel: string): boolean => rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);

/** Where a path lies relative to a boundary, following symlinks; nothing is read. */
export async function locatePath(root: string, boundary: string, path: string): Promise<Located> {
  const form = refusedPathForm(path);
  if (form) return { status: 'refused', reason: form };
  if (isAbsolute(path) || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\')) {
    return {
      status: 'refused',
      reason: 'is an absolute path; write it relative to the config file, inside the repository',
    };
  }
  const realBoundary = await realpath(boundary);
  const realRoot = await realpath(root);
  const full = resolve(realRoot, path);
  const lexical = relative(realBoundary, full);
  if (climbsOut(lexical))
    return {
      status: 'refused',
      reason: 'climbs out of the repository with ".."; only files inside the repository can be read',
    };
  let real: string;
  try {
    real = await realpath(full);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { status: 'missing' };
    throw error;
  }
  const realRel = relative(realBoundary, real);
  if (climbsOut(realRel))
    return {
      status: 'refused',
      reason: 'is a symlink to a file outside the repository; only files inside the repository can be read',
    };
  if (refusedPathForm(realRel))
    return { status: 'refused', reason: 'is a symlink into .git, which evalgate never reads' };
  const info = await stat(real);
  if (!info.isFile() && !info.isDirectory()) return { status: 'refused', reason: 'is not a regular file or folder' };
  return { status: 'ok', kind: info.isFile() ? 'file' : 'folder', lexical: toSlash(lexical), real: toSlash(realRel) };
}

/**
 * A workspace rooted at a directory (the config's folder), confined to `boundary` (the
 * repository root; default the root itself).
 */
export function createFsWorkspace(root: string, boundary: string = root): Workspace {
  /** The files readRange keeps open, by the path they were asked by; closed once the workspace is collected. */
  const ranged = new Map<string, number>();
  const locate = (path: string): Promise<Located> => locatePath(root, boundary, path);
  const need = async (path: string, kind: 'file' | 'folder'): Promise<string | null> => {
    const where = await locate(path);
    if (where.status === 'missing') return null;
    if (where.status === 'refused') throw new ConfigError({ file: path }, `evalgate: "${path}" ${where.reason}`);
    if (where.kind !== kind) return null;
    return join(await realpath(boundary), where.real);
  };
  return {
    locate,
    readBytes: async (path) => {
      const real = await need(path, 'file');
      if (real === null) throw new ConfigError({ file: path }, `evalgate: "${path}" does not exist or is not a file`);
      return new Uint8Array(await readFile(real));
    },
    readStream: async (path) => {
      const real = await need(path, 'file');
      if (real === null) throw new ConfigError({ file: path }, `evalgate: "${path}" does not exist or is not a file`);
      // 64 KiB reads (Node's default): 1 MiB ones, each its own malloc block kept until a
      // collection frees it, left glibc holding 25-30 MiB more after a 100,000-case dataset.
      return createReadStream(real, { highWaterMark: 1 << 16 });
    },
    readRange: async (path, offset, length) => {
      // A file read by range is located (confined) and opened once, at its first range, and
      // read through that handle from then on: a run reads its cases' rows back in batches
      // as it reaches them (core/datasets/collect.ts), and locating, opening, reading and
      // closing the file for each batch was eight trips through libuv's thread pool. What the
      // handle reads is the file that was checked, whatever is put at its path later (and the
      // rows read back are checked against the cases loaded).
      let fd = ranged.get(path);
      if (fd === undefined) {
        const real = await need(path, 'file');
        if (real === null) throw new ConfigError({ file: path }, `evalgate: "${path}" does not exist or is not a file`);
        fd = ranged.get(path);
        if (fd === undefined) {
          fd = openSync(real, 'r');
          ranged.set(path, fd);
          handles.register(ranged, fd);
        }
      }
      const bytes = new Uint8Array(length);
      let got = 0;
      while (got < length) {
        const read = readSync(fd, bytes, got, length - got, offset + got);
        if (read === 0) break;
        got += read;
      }
      return bytes.subarray(0, got);
    },
    exists: async (path) => (await need(path, 'file')) !== null,
    listFolders: async (path) => {
      const real = await need(path, 'folder');
      if (real === null) return null;
      const entries = await readdir(real, { withFileTypes: true });
      return entries
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort();
    },
  };
}

/**
 * Writes a file atomically: a reader sees the old content or the new, never a part. Text
 * given as chunks is written in turn (batched), so no string holds the whole file. The
 * file itself is never written through a symlink (confined-dir.ts).
 */
export async function writeFileAtomic(path: string, text: string | Iterable<string>): Promise<void> {
  await confinedDir(dirname(path)).writeAtomic(basename(path), text);
}

/**
 * A file's lines (without newlines), read as a stream. Lines end at "\n" only (a "\r"
 * before it is dropped): node:readline also breaks at U+2028 and U+2029, which
 * JSON.stringify leaves raw inside strings, so a model reply holding one would split its
 * record in two and make the whole result file unreadable.
 */
async function* linesOf(path: string): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of createReadStream(path, { encoding: 'utf8' })) {
    const parts = `${rest}${chunk as string}`.split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) yield part.endsWith('\r') ? part.slice(0, -1) : part;
  }
  if (rest !== '') yield rest.endsWith('\r') ? rest.slice(0, -1) : rest;
}

/**
 * A file's lines as a source read from disk each time it is iterated, so a reader holds
 * one line at a time, never the file (a 100,000-case baseline is millions of lines); null
 * when the file does not exist.
 */
export async function lineSourceIfExists(path: string): Promise<LineSource | null> {
  try {
    if (!(await stat(path)).isFile()) return null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return { rereadable: true, [Symbol.asyncIterator]: () => linesOf(path), ranges: rangeFile(path) };
}

/** How many lines RangeFile.lines gives at once. */
const LINES_AT_ONCE = 1024;

/**
 * A file's lines with their byte offsets, and its byte ranges read again later
 * (ports.ts RangeFile). One handle is opened at the first reading and kept, so what is
 * read again comes from the file that was read first even if another is put in its place;
 * it is closed when the object is collected. Lines end at "\n" only, as in linesOf.
 */
export function rangeFile(path: string): RangeFile {
  let fd: number | null = null;
  const reader = rangeFileOn(path, () => {
    if (fd === null) {
      fd = openSync(path, 'r');
      handles.register(reader, fd);
    }
    return fd;
  });
  return reader;
}

/**
 * A RangeFile reading through a handle already open (the record log's, opened for
 * appending and reading through the confined folder): no path is resolved again. The
 * handle is closed once the reader is collected.
 */
export function handleRangeFile(handle: FileHandle, path: string): RangeFile {
  const reader = rangeFileOn(path, () => handle.fd);
  fileHandles.register(reader, handle);
  return reader;
}

function rangeFileOn(path: string, open: () => number): RangeFile {
  let block = Buffer.alloc(0);
  let blockStart = 0;
  let blockLength = 0;
  const reader: RangeFile = {
    path,
    async *lines(): AsyncGenerator<LineAt[]> {
      const handle = open();
      // 256 KiB reads: the buffer is garbage once the reading ends, kept until a full
      // collection (the log's read-back runs with a small young generation), so 2 MiB of
      // it for 1 MiB reads was 1.5 MiB more at the run's peak after the calls.
      const READ = 1 << 18;
      // One buffer for the whole reading: the unfinished line at its start (from byte
      // restStart of the file), then the next read. A buffer per read (as Buffer.concat made)
      // is 1 MB of malloc memory each, freed only when a collection finds it: reading a
      // 100,000-case baseline so left glibc holding about 20 MB for the rest of the run.
      let buf = Buffer.allocUnsafe(2 * READ);
      let restLength = 0;
      let restStart = 0;
      let position = 0;
      for (;;) {
        if (buf.length - restLength < READ) {
          // A line longer than a read: room for it and the next read.
          const bigger = Buffer.allocUnsafe(restLength + 2 * READ);
          buf.copy(bigger, 0, 0, restLength);
          buf = bigger;
        }
        const got = readSync(handle, buf, restLength, READ, position);
        if (got === 0) break;
        position += got;
        const view = buf.subarray(0, restLength + got);
        let from = 0;
        let batch: LineAt[] = [];
        for (let nl = view.indexOf(10, from); nl >= 0; nl = view.indexOf(10, from)) {
          const end = nl > from && view[nl - 1] === 13 ? nl - 1 : nl;
          batch.push({ text: view.toString('utf8', from, end), start: restStart + from, end: restStart + end });
          from = nl + 1;
          // Batches of LINES_AT_ONCE: short-lived enough to die young.
          if (batch.length === LINES_AT_ONCE) {
            yield batch;
            batch = [];
          }
        }
        buf.copyWithin(0, from, view.length);
        restLength = view.length - from;
        restStart += from;
        // The event loop runs between batches, as with a stream.
        yield batch;
      }
      if (restLength > 0) {
        const end = buf[restLength - 1] === 13 ? restLength - 1 : restLength;
        yield [{ text: buf.toString('utf8', 0, end), start: restStart, end: restStart + end }];
      }
    },
    read(start, end) {
      // Readers mostly go through the records in order: a block of 1 MB read at once serves
      // the next records too.
      if (start < blockStart || end > blockStart + blockLength) {
        const want = Math.max(end - start, 1 << 20);
        if (block.length < want) block = Buffer.allocUnsafe(want);
        let got = 0;
        for (;;) {
          const n = readSync(open(), block, got, want - got, start + got);
          if (n === 0) break;
          got += n;
          if (got === want) break;
        }
        blockStart = start;
        blockLength = got;
        if (end > start + got) {
          blockLength = 0;
          throw new Error(`the file is shorter than when it was read (it ends before byte ${end})`);
        }
      }
      return block.toString('utf8', start - blockStart, end - blockStart);
    },
    readBytes: (into, offset, length, position) => readSync(open(), into, offset, length, position),
    size: () => fstatSync(open()).size,
    identity: () => {
      const s = fstatSync(open(), { bigint: true });
      return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
    },
  };
  return reader;
}

/** Closes a handle given to handleRangeFile once nothing refers to the reader. */
const fileHandles = new FinalizationRegistry<FileHandle>((handle) => {
  handle.close().catch(() => undefined);
});

/** Closes a RangeFile's handle once nothing refers to the reader (and a workspace's ranged files once it is gone). */
const handles = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // Already closed.
  }
});

/** Reads a result file (or baseline) line by line, so its size is not bounded by the longest string. */
export async function readResultFile(path: string): Promise<SuiteResult> {
  const lines = await lineSourceIfExists(path);
  if (lines === null) throw new ConfigError({ file: path }, `${path}: no such result file`);
  return parseResultFileLines(lines, path);
}

/**
 * Appends lines to a file through one open handle. The lines that arrive in one turn of the
 * event loop go out together in one write, made at the end of that turn (at 32 calls at
 * once, one open, write and close per record was most of a run's time); each append
 * resolves once its line is in the file, and a process killed mid-write leaves at most one
 * partial last line, which resuming drops. The write is synchronous, into the page cache: an
 * asynchronous one hands each batch to libuv's thread pool, which cost the main thread more
 * than the write (in a profiled 10,000-case run, 0.80 s of the 6.0 s it worked during the
 * calls, against 0.07 s now; docs/performance.md, "The calls without the thread pool").
 */
function appendingSink(handle: FileHandle, path: string): ResultSink {
  let queue: { text: string; written: () => void; failed: (error: unknown) => void }[] = [];
  let writing: Promise<void> | null = null;
  let reader: RangeFile | null = null;
  let closed = false;
  const drain = (): void => {
    const batch = queue;
    queue = [];
    try {
      const bytes = Buffer.from(batch.map((x) => x.text).join(''), 'utf8');
      // The handle is opened to append (O_APPEND): every write goes to the file's end.
      for (let done = 0; done < bytes.length;) done += writeSync(handle.fd, bytes, done, bytes.length - done);
      for (const x of batch) x.written();
    } catch (error) {
      for (const x of batch) x.failed(error);
    }
  };
  return {
    append: (record) =>
      new Promise<void>((written, failed) => {
        queue.push({ text: `${JSON.stringify(record)}\n`, written, failed });
        writing ??= new Promise<void>((done) =>
          setImmediate(() => {
            drain();
            writing = null;
            done();
          }),
        );
      }),
    close: async () => {
      await writing;
      if (closed) return;
      closed = true;
      // A reader taken keeps the handle: it is closed when the reader is collected.
      if (reader === null) await handle.close();
    },
    readBack: () => {
      if (closed && reader === null) throw new Error(`${path}: the record log was closed before it was read back`);
      if (reader === null) {
        // The calls are done: what follows is done with a small young generation (heap-growth.ts).
        callsDone();
        reader = handleRangeFile(handle, path);
      }
      return reader;
    },
  };
}

/** Characters of report.html between two collections while it is written (collectingEvery): a 10,000-case page (about 2 MB) has none. */
export const HTML_COLLECT_EVERY = 4 * 2 ** 20;

/** Where the output folder is confined: from `anchor` (the repository root on pull requests) down. */
export interface OutConfinement {
  /** A folder above outDir from which no symlink is followed (default outDir itself). */
  anchor: string;
  /** How the anchor is named in messages (default its path). */
  shown?: string;
}

/** A run store on disk, and a check of its output folder before any work. */
export interface FsRunStore extends RunStore {
  /** Creates `results/` in the output folder, refusing a symlink on the way. */
  prepare(): Promise<void>;
}

/**
 * Output and baseline directories on disk. Nothing below the output folder (or below
 * `confine.anchor`), the baselines folder is written through a symlink.
 */
export function createFsRunStore(outDir: string, baselineDir: string, confine?: OutConfinement): FsRunStore {
  const out = confine
    ? confinedDir(confine.anchor, relative(confine.anchor, outDir), confine.shown ?? confine.anchor)
    : confinedDir(outDir);
  const baselines = confinedDir(baselineDir);
  return {
    prepare: () => out.ensureDir('results'),
    readRecordLog: async (suite) => lineSourceIfExists(join(outDir, 'results', `${suite}.records.jsonl`)),
    startRecordLog: async (suite, initial): Promise<ResultSink> => {
      const rel = `results/${suite}.records.jsonl`;
      // The suite's calls start: the young generation may grow for them (heap-growth.ts).
      callsStarting();
      await out.writeAtomic(rel, initial);
      // The log stays open for the suite, and is read back through the same handle: a
      // symlink or another file put in its place later is neither written nor read.
      return appendingSink(await out.openAppend(rel, { read: true }), join(outDir, rel));
    },
    // Written after the suite's calls, once its record log is read back: what the read-back
    // left is given back first (heap-growth.ts).
    writeResult: (suite, text) => {
      giveBackBetweenSteps();
      return out.writeAtomic(`results/${suite}.json`, text);
    },
    readResult: async (suite) => lineSourceIfExists(join(outDir, 'results', `${suite}.json`)),
    readBaseline: async (suite) => lineSourceIfExists(join(baselineDir, `${suite}.json`)),
    betweenSteps: giveBackBetweenSteps,
    writeBaseline: (suite, text) => baselines.writeAtomic(`${suite}.json`, text),
    writeReport: (markdown) => out.writeAtomic('report.md', markdown),
    // Each page is made as it is written: memory is given back first, and the heap is
    // collected every few MB of the page (heap-growth.ts).
    writeHtmlReport: (html) => {
      giveBackBetweenSteps();
      return out.writeAtomic('report.html', collectingEvery(html, HTML_COLLECT_EVERY));
    },
    writeSummary: (text) => out.writeAtomic('summary.json', text),
    writeJunit: (xml) => {
      collectBeforeReport();
      return out.writeAtomic('junit.xml', xml);
    },
    describe: () => ({ out: outDir, baselines: baselineDir }),
  };
}

/**
 * Makes sure `path` is a folder evalgate can write (creating it and missing parents), or
 * throws a one-line ConfigError naming the option. Checked before any work, so a bad
 * --out fails in milliseconds: each missing level is created on its own (a recursive
 * mkdir loops forever under /proc), and only regular folders are accepted, never a
 * special file.
 */
export async function ensureWritableFolder(path: string, option: string): Promise<string> {
  const full = resolve(path);
  const fail = (why: string): ConfigError =>
    new ConfigError(
      { file: 'command line', path: option },
      `evalgate: ${option} ${path}: ${why}; choose a folder you can write, or create it first`,
    );
  const missing: string[] = [];
  let existing = full;
  for (;;) {
    let info;
    try {
      info = await stat(existing);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && dirname(existing) !== existing) {
        missing.unshift(existing);
        existing = dirname(existing);
        continue;
      }
      throw fail(
        code === 'ENOTDIR'
          ? 'a part of the path is a file, not a folder'
          : `cannot be inspected (${code ?? String(error)})`,
      );
    }
    if (!info.isDirectory())
      throw fail(existing === full ? 'exists and is not a folder' : `${existing} is not a folder`);
    break;
  }
  for (const dir of missing) {
    try {
      await mkdir(dir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') throw fail(`cannot be created (${code ?? String(error)})`);
    }
  }
  const probe = join(full, `.evalgate-write-check-${process.pid}`);
  try {
    await writeFile(probe, '', { flag: 'wx' });
    await rm(probe, { force: true });
  } catch (error) {
    throw fail(`is not writable (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  return full;
}
