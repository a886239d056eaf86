/**
 * Runs the action the way the runner does: `node dist/index.js` with INPUT_* variables, an
 * event file, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY, in a checkout, against fake servers.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPILE_CACHE, ROOT } from './cli.ts';

/** What one run left behind. */
export interface ActionRun {
  code: number | null;
  /** stdout and stderr: the step's log, workflow commands included. */
  log: string;
  outputs: Record<string, string>;
  summary: string;
}

/** How to run it. */
export interface ActionRunOptions {
  /** The checkout (GITHUB_WORKSPACE). */
  workspace: string;
  eventName: string;
  event: Record<string, unknown>;
  githubUrl: string;
  inputs?: Record<string, string>;
  env?: Record<string, string>;
  /** The workflow run id and attempt (GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT). */
  run?: { id: number; attempt?: number };
}

/** Runs dist/index.js once and collects its outputs, job summary and log. */
export async function runAction(options: ActionRunOptions): Promise<ActionRun> {
  const dir = await mkdtemp(join(tmpdir(), 'evalgate-runner-'));
  const eventPath = join(dir, 'event.json');
  const output = join(dir, 'output');
  const summary = join(dir, 'summary');
  await writeFile(output, '');
  await writeFile(summary, '');
  await writeFile(eventPath, JSON.stringify(options.event));
  const inputs: Record<string, string> = {
    'github-token': 'ghs_faketoken',
    config: 'evalgate.yml',
    mode: 'run',
    comment: 'true',
    'report-language': 'en',
    'working-directory': '.',
    'out-dir': join(dir, 'out'),
    'cache-dir': join(dir, 'cache'),
    'force-all': 'false',
    'on-inconclusive': '',
    shard: '',
    'run-id': '',
    'merge-dirs': '',
    ...options.inputs,
  };
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: dir,
    RUNNER_TEMP: dir,
    GITHUB_EVENT_NAME: options.eventName,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: 'octo/app',
    GITHUB_WORKSPACE: options.workspace,
    GITHUB_API_URL: options.githubUrl,
    GITHUB_SERVER_URL: 'https://github.test',
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: summary,
    GITHUB_ACTIONS: 'true',
    NODE_COMPILE_CACHE: COMPILE_CACHE,
    ...(options.run
      ? { GITHUB_RUN_ID: String(options.run.id), GITHUB_RUN_ATTEMPT: String(options.run.attempt ?? 1) }
      : {}),
    ...Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v])),
    ...options.env,
  };
  const result = await new Promise<{ code: number | null; log: string }>((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'dist/index.js')], {
      cwd: options.workspace,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    child.on('close', (code) => resolve({ code, log }));
  });
  const outputs: Record<string, string> = {};
  for (const m of (await readFile(output, 'utf8')).matchAll(/^(.+?)<<(ghadelimiter_[^\n]+)\n([\s\S]*?)\n\2$/gm))
    outputs[m[1] as string] = m[3] as string;
  const run = { ...result, outputs, summary: await readFile(summary, 'utf8') };
  await rm(dir, { recursive: true, force: true });
  return run;
}

/** A pull_request-style event payload. */
export function pullRequestEvent(
  base: string,
  head: string,
  options: { fork?: boolean; number?: number } = {},
): Record<string, unknown> {
  const number = options.number ?? 7;
  return {
    action: 'synchronize',
    number,
    pull_request: {
      number,
      base: { sha: base, repo: { full_name: 'octo/app' } },
      head: { sha: head, repo: { full_name: options.fork ? 'stranger/app' : 'octo/app' } },
    },
    repository: { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' },
  };
}

/**
 * The action on a pull_request event on two commits (a push event without one), with the
 * fake OpenAI server as the endpoint and a canary key.
 */
export function runActionOn(options: {
  workspace: string;
  githubUrl: string;
  openaiUrl: string;
  pullRequest?: { number: number; base: string; head: string };
  run?: { id: number; attempt?: number };
  inputs?: Record<string, string>;
  env?: Record<string, string>;
}): Promise<ActionRun> {
  const pr = options.pullRequest;
  return runAction({
    workspace: options.workspace,
    githubUrl: options.githubUrl,
    eventName: pr ? 'pull_request' : 'push',
    event: pr
      ? pullRequestEvent(pr.base, pr.head, { number: pr.number })
      : { ref: 'refs/heads/main', repository: { name: 'app', owner: { login: 'octo' }, full_name: 'octo/app' } },
    env: { OPENAI_BASE_URL: options.openaiUrl, OPENAI_API_KEY: 'sk-canary-lifecycle-key', ...options.env },
    ...(options.run ? { run: options.run } : {}),
    ...(options.inputs ? { inputs: options.inputs } : {}),
  });
}
