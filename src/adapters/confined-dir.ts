/**
 * Writing below a folder without following symlinks: the out-dir, the response cache and
 * the baselines. A pull request can commit a symlink anywhere in the checkout
 * (`evalgate-out/results -> /etc/cron.d`), and on persistent or self-hosted runners the
 * names are the PR's to choose, so every folder and file below the anchor is opened with
 * O_NOFOLLOW, one component at a time, and a symlink is refused with a message naming it.
 *
 * On Linux each component is opened relative to the folder before it
 * (`/proc/self/fd/N/name`, which is what openat does): a symlink swapped in while we
 * write changes nothing, because no path is resolved again from the anchor. Elsewhere the
 * components are checked with lstat and the folder's realpath is compared with the
 * expected one right before each file is opened (a small window remains there).
 *
 * The anchor itself is followed: it is the folder the user named (or the repository root).
 */
import { constants, existsSync } from 'node:fs';
import { lstat, mkdir, open, realpath, rename, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '../core/errors.ts';

/** A write refused because a component below the anchor is a symlink (or not a folder). */
export class SymlinkRefusedError extends ConfigError {
  /** The refused component, as `shown/relative/path`. */
  readonly refused: string;
  constructor(refused: string, why: string) {
    super(
      { file: refused },
      `evalgate: will not write through ${refused}: it ${why}, and a symlink in the output could point anywhere (a pull request can commit one); remove it, or write to a folder outside the repository`,
    );
    this.name = 'SymlinkRefusedError';
    this.refused = refused;
  }
}

/** Writes below one folder, never through a symlink. Paths are '/'-separated, relative. */
export interface ConfinedDir {
  /** The anchor and the folder below it that paths are relative to, for messages. */
  readonly path: string;
  /** Replaces a file atomically (temp file + rename); chunks are written in turn. */
  writeAtomic(rel: string, text: string | Iterable<string>): Promise<void>;
  /**
   * Opens a file for appending (created when missing); with `read`, for reading too
   * (positioned reads), so what was appended can be read back through the same handle.
   */
  openAppend(rel: string, options?: { read?: boolean }): Promise<FileHandle>;
  /** Creates the folders of a relative path (checking each). */
  ensureDir(rel: string): Promise<void>;
  /**
   * Creates a file that does not exist yet (false, and nothing written, when one does);
   * its folders are created as for writeAtomic. A symlink in its place is refused.
   */
  createNew(rel: string, text: string): Promise<boolean>;
  /**
   * What is at a path, creating nothing: a symlink at any component (the last included)
   * is refused, so a caller can check every path before it writes any.
   */
  lookup(rel: string): Promise<'missing' | 'file' | 'folder' | 'other'>;
}

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_DIRECTORY = constants.O_DIRECTORY ?? 0;
// openat through procfs: present on Linux, the platform of GitHub's hosted runners.
const PROC_FD = process.platform === 'linux' && existsSync('/proc/self/fd');
/** Bytes gathered before each write when a file is written in chunks. */
const WRITE_BATCH = 1 << 20;

/**
 * The buffer chunked writes encode into, kept between writes; a write that starts while
 * another holds it makes its own. One made per file was 1 MB of malloc memory each time,
 * freed only by a full collection once its Buffer outlived the small young generation of
 * the work after the calls (the result file, the baseline and the reports, one after the
 * other: docs/performance.md, "The log's read-back in narrow columns").
 */
let spareBatch: Buffer | null = null;

/**
 * Writes every byte at the handle's position. A write may take fewer bytes than it was
 * given (a signal, a nearly full disk, some network filesystems) and says so only in
 * bytesWritten: the rest is written in turn, and a write that takes none is an error
 * rather than a loop.
 */
async function writeAll(handle: FileHandle, bytes: Uint8Array, shown: string): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset, null);
    if (bytesWritten <= 0)
      throw Object.assign(
        new Error(`EIO: writing ${shown} stopped after ${offset} of ${bytes.length} bytes (the system took no more)`),
        { code: 'EIO' },
      );
    offset += bytesWritten;
  }
}

const partsOf = (rel: string): string[] => rel.split(/[\\/]/).filter((p) => p !== '' && p !== '.');

/**
 * A confined folder: `anchor` is followed as given; `below` (relative, e.g. the out-dir
 * inside a checkout) and every path written are walked component by component.
 * `shown` is how the anchor is named in messages (default the anchor).
 */
export function confinedDir(
  anchor: string,
  below = '',
  shown = anchor,
  /** `procfs: false` takes the lstat-and-realpath path of platforms without /proc (for tests on Linux). */
  options: { procfs?: boolean } = {},
): ConfinedDir {
  const procfs = options.procfs ?? PROC_FD;
  const base = partsOf(below);
  if (base.includes('..')) throw new Error(`confinedDir: ${below} climbs out of ${anchor}`);
  const name = (parts: readonly string[]): string => (shown === '' ? parts : [shown, ...parts]).join('/') || '.';

  /**
   * After an open failed on a component: a symlink there is refused by name; anything
   * else (a file where a folder should be, no permission) is the original error.
   */
  const refuse = async (path: string, parts: readonly string[], error: unknown, why?: string): Promise<never> => {
    const info = await lstat(path).catch(() => null);
    if (why !== undefined || info?.isSymbolicLink()) throw new SymlinkRefusedError(name(parts), why ?? 'is a symlink');
    throw error;
  };

  /**
   * Opens the folder `parts` below the anchor, creating missing ones, and runs `use` with
   * a path through which names in it are reached without resolving anything above.
   */
  const withFolder = async <T>(parts: readonly string[], use: (dir: string) => Promise<T>): Promise<T> => {
    for (const p of parts) if (p === '..') throw new Error(`confinedDir: a path component ".." below ${anchor}`);
    let opened = false;
    try {
      return await openFolder(parts, (dir) => {
        opened = true;
        return use(dir);
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (opened || error instanceof SymlinkRefusedError || code === undefined) throw error;
      // Name the folder meant, not the /proc/self/fd path it was reached through.
      throw Object.assign(new Error(`${code}: cannot open or create the folder ${join(anchor, ...parts)}`), { code });
    }
  };

  const openFolder = async <T>(parts: readonly string[], use: (dir: string) => Promise<T>): Promise<T> => {
    await mkdir(anchor, { recursive: true });
    if (!procfs) return use(await walkChecked(parts));
    const handles: FileHandle[] = [];
    try {
      let current = await open(anchor, constants.O_RDONLY | O_DIRECTORY);
      handles.push(current);
      for (let i = 0; i < parts.length; i++) {
        const next = `/proc/self/fd/${current.fd}/${parts[i]}`;
        let handle: FileHandle;
        try {
          handle = await open(next, constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code !== 'ENOENT') return await refuse(next, parts.slice(0, i + 1), error);
          await mkdir(next).catch((e: NodeJS.ErrnoException) => {
            if (e.code !== 'EEXIST') throw e;
          });
          handle = await open(next, constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW).catch((e: unknown) =>
            refuse(next, parts.slice(0, i + 1), e),
          );
        }
        handles.push(handle);
        current = handle;
      }
      return await use(`/proc/self/fd/${current.fd}`);
    } finally {
      await Promise.all(handles.map((h) => h.close().catch(() => undefined)));
    }
  };

  /** Without procfs: lstat each component, create missing ones, then compare realpaths. */
  const walkChecked = async (parts: readonly string[]): Promise<string> => {
    let path = anchor;
    for (let i = 0; i < parts.length; i++) {
      path = join(path, parts[i] as string);
      const info = await lstat(path).catch(() => null);
      if (info === null) {
        await mkdir(path).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'EEXIST') throw e;
        });
        if (!(await lstat(path)).isDirectory())
          await refuse(path, parts.slice(0, i + 1), new Error(`${path} is not a folder`));
      } else if (!info.isDirectory())
        await refuse(
          path,
          parts.slice(0, i + 1),
          Object.assign(new Error(`ENOTDIR: ${path} is not a folder`), { code: 'ENOTDIR' }),
        );
    }
    const expected = join(await realpath(anchor), ...parts);
    if ((await realpath(path)) !== expected)
      await refuse(path, parts, null, 'resolves elsewhere (a symlink was swapped in)');
    return path;
  };

  const split = (rel: string): { dir: string[]; file: string } => {
    const parts = [...base, ...partsOf(rel)];
    const file = parts.pop();
    if (file === undefined || file === '..') throw new Error(`confinedDir: "${rel}" names no file`);
    return { dir: parts, file };
  };

  /** Opens a file in a folder path without following a symlink in its place. */
  const openFile = async (dir: string, file: string, flags: number, parts: readonly string[]): Promise<FileHandle> => {
    try {
      return await open(`${dir}/${file}`, flags | O_NOFOLLOW, 0o644);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ELOOP' || code === 'EMLINK') return refuse(`${dir}/${file}`, [...parts, file], error);
      throw error;
    }
  };

  const lookup = async (rel: string): Promise<'missing' | 'file' | 'folder' | 'other'> => {
    const parts = [...base, ...partsOf(rel)];
    if (parts.includes('..')) throw new Error(`confinedDir: a path component ".." below ${anchor}`);
    let path = anchor;
    for (let i = 0; i < parts.length; i++) {
      path = join(path, parts[i] as string);
      const info = await lstat(path).catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return null;
        throw e;
      });
      if (info === null) return 'missing';
      if (info.isSymbolicLink()) throw new SymlinkRefusedError(name(parts.slice(0, i + 1)), 'is a symlink');
      if (i === parts.length - 1) return info.isFile() ? 'file' : info.isDirectory() ? 'folder' : 'other';
      if (!info.isDirectory())
        throw Object.assign(new Error(`ENOTDIR: ${path} is not a folder`), { code: 'ENOTDIR', path });
    }
    return 'folder';
  };

  return {
    path: name(base),
    lookup,
    createNew: async (rel, text) => {
      const { dir, file } = split(rel);
      return withFolder(dir, async (d) => {
        let handle: FileHandle;
        try {
          handle = await openFile(d, file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, dir);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          // O_EXCL refuses a symlink as an existing name without following it; say which.
          if ((await lstat(`${d}/${file}`)).isSymbolicLink())
            throw new SymlinkRefusedError(name([...dir, file]), 'is a symlink');
          return false;
        }
        try {
          await writeAll(handle, Buffer.from(text, 'utf8'), name([...dir, file]));
          await handle.close();
        } catch (error) {
          await handle.close().catch(() => undefined);
          await rm(`${d}/${file}`, { force: true });
          throw error;
        }
        return true;
      });
    },
    ensureDir: (rel) => withFolder([...base, ...partsOf(rel)], async () => undefined),
    openAppend: async (rel, options) => {
      const { dir, file } = split(rel);
      const access = options?.read ? constants.O_RDWR : constants.O_WRONLY;
      return withFolder(dir, (d) => openFile(d, file, access | constants.O_APPEND | constants.O_CREAT, dir));
    },
    writeAtomic: async (rel, text) => {
      const { dir, file } = split(rel);
      await withFolder(dir, async (d) => {
        const temp = `.${file}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}.tmp`;
        const handle = await openFile(d, temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, dir);
        try {
          const show = name([...dir, file]);
          if (typeof text === 'string') await writeAll(handle, Buffer.from(text, 'utf8'), show);
          else {
            // Chunks are encoded into one buffer, written each time it is full: a buffer made
            // per batch was 1 MB of memory outside the heap per MB written, freed only when
            // V8 next collects (a 100,000-case result file is about 100 MB).
            // A high surrogate ending a chunk waits for the next one, so a pair split between
            // chunks is encoded as the pair (as the text joined would be), not as two U+FFFD.
            const buffer = spareBatch ?? Buffer.allocUnsafe(WRITE_BATCH);
            spareBatch = null;
            try {
              let used = 0;
              let pending = '';
              for (const piece of text) {
                let chunk = pending === '' ? piece : pending + piece;
                pending = '';
                const last = chunk.charCodeAt(chunk.length - 1);
                if (last >= 0xd800 && last <= 0xdbff) {
                  pending = chunk.slice(-1);
                  chunk = chunk.slice(0, -1);
                }
                const bytes = Buffer.byteLength(chunk, 'utf8');
                if (used + bytes > buffer.length && used > 0) {
                  await writeAll(handle, buffer.subarray(0, used), show);
                  used = 0;
                }
                if (bytes > buffer.length) await writeAll(handle, Buffer.from(chunk, 'utf8'), show);
                else used += buffer.write(chunk, used, 'utf8');
              }
              if (pending !== '') {
                if (used + 3 > buffer.length) {
                  await writeAll(handle, buffer.subarray(0, used), show);
                  used = 0;
                }
                used += buffer.write(pending, used, 'utf8');
              }
              if (used > 0) await writeAll(handle, buffer.subarray(0, used), show);
            } finally {
              spareBatch = buffer;
            }
          }
        } catch (error) {
          await handle.close().catch(() => undefined);
          await rm(`${d}/${temp}`, { force: true });
          throw error;
        }
        await handle.close();
        // rename replaces a symlink at the final name itself, never what it points to.
        await rename(`${d}/${temp}`, `${d}/${file}`);
      });
    },
  };
}
