// The package as a user gets it, checked end to end (CI's `package` job; about a minute
// and a half on a 2-core machine, so a script, not a test):
//
//   node scripts/install-check.ts
//
// 1. `npm pack`: what the tarball holds (the CLI, the sandbox's runtime, the schemas,
//    README, LICENSE; no source, tests or action bundle) and its size; `npm publish
//    --dry-run` accepts the package.
// 2. `npm i ./evalgate-X.tgz` into an empty project installs it (the bundle runs without its dependencies; they are listed so the
//    libraries evalgate is built on stay visible to users and auditors).
// 3. There, as the README says: `npx evalgate --version`; `init --kind K` and `validate`
//    for every kind; and a first `run --update-baseline` and a second `run` of each
//    starter against a SCRIPTED local server (tests/helpers/fake-openai.ts, not a model),
//    the round trip through the installed package's own Pyodide sandbox.
// 4. A fresh clone of this repository stays clean after `npx evalgate --version` (npx
//    makes the bin executable; it must be committed so).
//
// Runs the dist/ in the working tree: `npm run bundle` first after changing src/.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { initKinds, starterFiles } from '../src/core/init.ts';
import {
  contextLinesOf,
  scriptedJudgeReply,
  startFakeOpenAI,
  taskOf,
  type FakeReply,
  type FakeRequest,
} from '../tests/helpers/fake-openai.ts';

/** Solutions of the round-trip starter's tasks, by entry point. */
const SOLUTIONS: Record<string, string> = {
  double: 'def double(n):\n    return n * 2',
  initials: 'def initials(name):\n    return "".join(w[0].upper() for w in name.split())',
  evens: 'def evens(numbers):\n    return [n for n in numbers if n % 2 == 0]',
  clamp: 'def clamp(value, low, high):\n    return low if value < low else high if value > high else value',
  word_count:
    'def word_count(text):\n    counts = {}\n    for w in text.lower().split():\n        counts[w] = counts.get(w, 0) + 1\n    return counts',
};

const root = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
const started = performance.now();
// Node 24 first on PATH, so npm, npx and the bin's `#!/usr/bin/env node` all run on it.
const PATH = `${dirname(process.execPath)}${delimiter}${process.env['PATH'] ?? ''}`;

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command asynchronously (the scripted server answers from this event loop). */
function sh(command: string, args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function ok(
  command: string,
  args: readonly string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<Result> {
  const r = await sh(command, args, cwd, env);
  assert.equal(r.code, 0, `${command} ${args.join(' ')} (in ${cwd}) exited ${r.code}\n${r.stdout}\n${r.stderr}`);
  return r;
}

function step(text: string): void {
  process.stdout.write(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${text}\n`);
}

const scratch = await mkdtemp(join(tmpdir(), 'evalgate-install-'));
try {
  // 1. The tarball.
  const packed = JSON.parse((await ok('npm', ['pack', '--json', '--pack-destination', scratch], root)).stdout) as {
    filename: string;
    size: number;
    unpackedSize: number;
    files: { path: string; mode: number }[];
  }[];
  const tarball = packed[0];
  assert.ok(tarball);
  const files = tarball.files.map((f) => f.path);
  for (const needed of [
    'dist/cli.js',
    'dist/sandbox-child.mjs',
    'dist/pyodide/pyodide.asm.wasm',
    'evalgate.schema.json',
    'evalgate-summary.schema.json',
    'action.yml',
    'README.md',
    'LICENSE',
    'CHANGELOG.md',
  ])
    assert.ok(files.includes(needed), `the tarball holds ${needed}`);
  const stray = files.filter(
    (f) => /^(src|tests|bench|scripts|docs|lint|examples|baselines)\//.test(f) || f === 'dist/index.js',
  );
  assert.deepEqual(stray, [], 'no source, tests or action bundle in the tarball');
  const pyodide = tarball.files.filter((f) => f.path.startsWith('dist/pyodide/')).length;
  step(
    `packed ${tarball.filename}: ${(tarball.size / 1e6).toFixed(1)} MB, ${(tarball.unpackedSize / 1e6).toFixed(1)} MB unpacked, ${files.length} files (${pyodide} of them Pyodide's runtime)`,
  );
  await ok('npm', ['publish', '--dry-run'], root);
  step('npm publish --dry-run accepts the package');

  // 2. An empty project installs it, and nothing else.
  const project = join(scratch, 'project');
  await ok('mkdir', ['-p', project], scratch);
  await writeFile(join(project, 'package.json'), '{ "name": "my-app", "version": "1.0.0", "private": true }\n');
  await ok('npm', ['i', '-D', '--no-audit', '--no-fund', join(scratch, tarball.filename)], project);
  const installed = (await readdir(join(project, 'node_modules'))).filter((f) => !f.startsWith('.'));
  assert.ok(installed.includes('evalgate'), 'the package is installed');
  step(`npm i -D ./evalgate.tgz installed evalgate and ${installed.length - 1} packages it depends on`);
  const version = await ok('npx', ['evalgate', '--version'], project);
  assert.equal(version.stdout, `evalgate ${pkg.version}\n`);
  step(`npx evalgate --version: ${version.stdout.trim()}`);

  // 3. Every kind: init, validate, a first run with a baseline, and a second run.
  const kinds = initKinds();
  for (const kind of kinds) {
    const init = await ok('npx', ['evalgate', 'init', '--kind', kind, '--dir', kind], project);
    assert.match(init.stdout, /created {2}evalgate\.yml/);
    const valid = await ok('npx', ['evalgate', 'validate'], join(project, kind));
    assert.match(valid.stdout, /valid, 1 suite; no model was called/);
  }
  step(`init --kind and validate: ${kinds.join(', ')}`);

  const server = await startFakeOpenAI(scriptedStarterModel(kinds));
  try {
    const env = {
      OPENAI_API_KEY: 'scripted-install-check',
      OPENAI_BASE_URL: server.url,
      EVALGATE_CACHE_DIR: join(scratch, 'sandbox-cache'),
    };
    for (const kind of kinds) {
      const dir = join(project, kind);
      const first = await ok('npx', ['evalgate', 'run', '--update-baseline', '--quiet'], dir, env);
      const baseline = JSON.parse(await readFile(join(dir, 'evalgate-out/summary.json'), 'utf8')) as {
        verdict: string;
        suites: { floors?: { met: boolean }[] }[];
      };
      assert.equal(baseline.verdict, 'no-baseline', first.stdout);
      assert.ok(
        baseline.suites[0]?.floors?.every((f) => f.met),
        `${kind}: the starter's floor is met`,
      );
      const second = await ok('npx', ['evalgate', 'run', '--quiet'], dir, env);
      const summary = JSON.parse(await readFile(join(dir, 'evalgate-out/summary.json'), 'utf8')) as { verdict: string };
      assert.equal(summary.verdict, 'pass', second.stdout);
      assert.match(
        await readFile(join(dir, 'evalgate-out/junit.xml'), 'utf8'),
        /<testsuite name="[^"]+" tests="\d+" failures="0"/,
      );
      step(`${kind}: run --update-baseline, then run: pass (report.md, summary.json, junit.xml)`);
    }
  } finally {
    await server.close();
  }

  // 4. A fresh clone stays clean after npx.
  const clone = join(scratch, 'clone');
  await ok('git', ['clone', '--quiet', '--no-hardlinks', root, clone], scratch);
  const cloned = await ok('npx', ['evalgate', '--version'], clone);
  assert.equal(cloned.stdout, `evalgate ${pkg.version}\n`);
  const status = await ok('git', ['status', '--porcelain'], clone);
  assert.equal(status.stdout, '', 'npx changed nothing in the clone (dist/cli.js is committed executable)');
  step('a fresh clone stays clean after npx evalgate --version');
  step('install check passed');
} finally {
  await rm(scratch, { recursive: true, force: true });
}

/**
 * A scripted model for the four starters (not an LLM): it answers what each starter's
 * template asks with the right answer, so every first run has a baseline that meets its
 * floor and every second run passes.
 */
function scriptedStarterModel(kinds: readonly string[]): (request: FakeRequest) => FakeReply {
  const references = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const kind of kinds) {
    for (const [path, text] of Object.entries(starterFiles(kind))) {
      if (path.endsWith('.jsonl') && kind === 'judged')
        for (const line of text.trim().split('\n')) {
          const row = JSON.parse(line) as { input: string; reference: string };
          references.set(row.input, row.reference);
        }
      if (path.endsWith('task.yaml')) {
        const task = parse(text) as { 'entry-point': string; descriptions: { en: string } };
        descriptions.set(task['entry-point'], task.descriptions.en);
      }
    }
  }
  return (request) => {
    const judged = scriptedJudgeReply(request);
    if (judged) return judged;
    const user = taskOf(request);
    const reference = references.get(user);
    if (reference !== undefined) return { content: reference };
    const code = /Define (\w+) at module level/.exec(user);
    if (code) return { content: `\`\`\`python\n${SOLUTIONS[code[1] as string] ?? ''}\n\`\`\`` };
    const describe = /Name the function (\w+)/.exec(user);
    if (describe) return { content: `Task: ${descriptions.get(describe[1] as string) ?? ''}` };
    const customer = /^Customer: (.*)$/m.exec(user);
    const order = /^Order: (.*)$/m.exec(user);
    if (customer && order)
      return {
        content: JSON.stringify({
          greeting: `Hello ${customer[1]},`,
          reply: `Order ${order[1]} is on its way and arrives tomorrow.`,
        }),
      };
    return { content: contextLinesOf(request)[1] ?? '' };
  };
}
