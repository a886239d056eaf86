/**
 * Runs the bundled action (dist/index.js) the way the runner does: INPUT_* variables, an
 * event file, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, the run id and attempt, and
 * the API pointed at a fake GitHub. Returns the exit code, the log, outputs and summary.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './cli.ts';

/** What one run of the action left behind. */
export interface ActionRun {
  code: number | null;
  stdout: string;
  outputs: Record<string, string>;
  summary: string;
}

/** How to run the action. */
export interface ActionRunOptions {
  /** The repository checkout (GITHUB_WORKSPACE). */
  workspace: string;
  githubUrl: string;
  openaiUrl: string;
  /** A pull_request event on these commits, or a push event when absent. */
  pullRequest?: { number: number; base: string; head: string };
  run?: { id: number; attempt?: number };
  inputs?: Record<string, string>;
  env?: Record<string, string>;
}

/** Runs dist/index.js once. */
export async function runAction(options: ActionRunOptions): Promise<ActionRun> {
  const dir = await mkdtemp(join(tmpdir(), 'evalgate-runner-'));
  try {
    const event = join(dir, 'event.json');
    const output = join(dir, 'output');
    const summary = join(dir, 'summary');
    await writeFile(output, '');
    await writeFile(summary, '');
    const repository = { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' };
    const pr = options.pullRequest;
    await writeFile(event, JSON.stringify(pr
      ? { action: 'synchronize', number: pr.number, pull_request: { number: pr.number, base: { sha: pr.base, repo: { full_name: 'octo/app' } }, head: { sha: pr.head, repo: { full_name: 'octo/app' } } }, repository }
      : { ref: 'refs/heads/main', repository }));
    const inputs: Record<string, string> = {
      'github-token': 'ghs_faketoken_for_tests', config: 'evalgate.yml', mode: 'run', comment: 'true', 'report-language': 'en',
      'working-directory': '.', 'out-dir': join(dir, 'out'), 'cache-dir': join(dir, 'cache'), 'force-all': 'false', 'on-inconclusive': '',
      shard: '', 'run-id': '', 'merge-dirs': '', ...(options.inputs ?? {}),
    };
    const env: Record<string, string> = {
      PATH: process.env['PATH'] ?? '', HOME: dir, RUNNER_TEMP: dir,
      GITHUB_EVENT_NAME: pr ? 'pull_request' : 'push', GITHUB_EVENT_PATH: event, GITHUB_REPOSITORY: 'octo/app', GITHUB_WORKSPACE: options.workspace,
      GITHUB_API_URL: options.githubUrl, GITHUB_SERVER_URL: 'https://github.test', GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary, GITHUB_ACTIONS: 'true',
      ...(options.run ? { GITHUB_RUN_ID: String(options.run.id), GITHUB_RUN_ATTEMPT: String(options.run.attempt ?? 1) } : {}),
      OPENAI_BASE_URL: options.openaiUrl, OPENAI_API_KEY: 'sk-canary-lifecycle-key',
      ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])),
      ...(options.env ?? {}),
    };
    const result = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = spawn(process.execPath, [join(ROOT, 'dist/index.js')], { cwd: options.workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stdout += d.toString()));
      child.on('close', (code) => resolve({ code, stdout }));
    });
    const outputs: Record<string, string> = {};
    for (const m of (await readFile(output, 'utf8')).matchAll(/^(.+?)<<(ghadelimiter_[^\n]+)\n([\s\S]*?)\n\2$/gm)) outputs[m[1] as string] = m[3] as string;
    return { ...result, outputs, summary: await readFile(summary, 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
