/**
 * The file-system edge: the workspace (templates, datasets, relative to the config file),
 * the run's output directory and the baselines directory. Records are appended to a JSONL
 * log as they finish; final files are written atomically (temp file + rename), so a killed
 * process never leaves a half-written result or baseline.
 */
import { appendFile, mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { ResultSink, RunStore, Workspace } from '../ports.ts';

/** A workspace rooted at a directory. */
export function createFsWorkspace(root: string): Workspace {
  const at = (path: string): string => (isAbsolute(path) ? path : resolve(root, path));
  return {
    readBytes: async (path) => new Uint8Array(await readFile(at(path))),
    exists: async (path) => {
      try {
        return (await stat(at(path))).isFile();
      } catch {
        return false;
      }
    },
    listFolders: async (path) => {
      try {
        const entries = await readdir(at(path), { withFileTypes: true });
        return entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
      } catch {
        return null;
      }
    },
  };
}

/** Writes a file atomically: a reader sees the old content or the new, never a part. */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, text);
  await rename(temp, path);
}

async function readIfExists(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Output and baseline directories on disk. */
export function createFsRunStore(outDir: string, baselineDir: string): RunStore {
  return {
    readRecordLog: async (suite) => readIfExists(join(outDir, 'results', `${suite}.records.jsonl`)),
    startRecordLog: async (suite, initial): Promise<ResultSink> => {
      const path = join(outDir, 'results', `${suite}.records.jsonl`);
      await writeFileAtomic(path, initial);
      // One appendFile per record: a whole line or, if killed mid-write, one partial last line.
      return { append: async (record) => appendFile(path, `${JSON.stringify(record)}\n`) };
    },
    writeResult: (suite, text) => writeFileAtomic(join(outDir, 'results', `${suite}.json`), text),
    readBaseline: async (suite) => readIfExists(join(baselineDir, `${suite}.json`)),
    writeBaseline: (suite, text) => writeFileAtomic(join(baselineDir, `${suite}.json`), text),
    writeReport: (markdown) => writeFileAtomic(join(outDir, 'report.md'), markdown),
    writeSummary: (text) => writeFileAtomic(join(outDir, 'summary.json'), text),
    describe: () => ({ out: outDir, baselines: baselineDir }),
  };
}
