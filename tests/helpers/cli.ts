/**
 * Runs the real CLI in a child process, the way users do, and builds throwaway workspaces.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The CLI from source (Node 24 strips the types). */
export const CLI_SOURCE = join(ROOT, 'src/cli/index.ts');

/** Node's compile cache for the CLI runs of the tests (a quiet optimization: Node checks each entry's checksum). */
export const COMPILE_CACHE = join(tmpdir(), 'evalgate-test-compile-cache');

/** The outcome of a CLI run. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node <entry> ...args` with a clean environment plus `env`. */
export function runCli(
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string>; entry?: string },
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.entry ?? CLI_SOURCE, ...args], {
      cwd: options.cwd,
      // The sandbox's snapshot cache goes to a shared temporary folder, not the user's home;
      // so does Node's compile cache, which spares each of the suite's hundreds of CLI runs
      // stripping the types of, and compiling, the same sources again.
      env: {
        PATH: process.env['PATH'] ?? '',
        EVALGATE_CACHE_DIR: join(tmpdir(), 'evalgate-test-cache'),
        NODE_COMPILE_CACHE: COMPILE_CACHE,
        ...(options.env ?? {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A temporary copy of the example project (config, prompts, datasets), removed by `cleanup`. */
export async function exampleWorkspace(): Promise<{
  dir: string;
  cleanup: () => Promise<void>;
  write: (path: string, text: string) => Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'evalgate-test-'));
  await cp(join(ROOT, 'evalgate.yml'), join(dir, 'evalgate.yml'));
  await cp(join(ROOT, 'prompts'), join(dir, 'prompts'), { recursive: true });
  await cp(join(ROOT, 'eval-datasets'), join(dir, 'eval-datasets'), { recursive: true });
  return {
    dir,
    cleanup: () => rm(dir, { recursive: true, force: true }),
    write: (path, text) => writeFile(join(dir, path), text),
  };
}
