// `npm run demo`: the example suites against a SCRIPTED model on 127.0.0.1, offline.
// It shows a full run: a baseline, then a pull request that weakens a prompt template,
// gated as a regression with its report. The scripted model is not a real LLM: it copies
// line 2 exactly when the prompt asks for a character-for-character copy, and otherwise
// drops the title before "[SEP]" on some cases, a plausible but scripted failure.
import { spawn } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  contextLinesOf,
  fractionOf,
  scriptedJudgeReply,
  startFakeOpenAI,
  taskOf,
} from '../tests/helpers/fake-openai.ts';
import { loadScriptTasks, roundTripReply } from '../tests/helpers/round-trip-script.ts';
import { colourEnabled, paint } from '../src/cli/colour.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outArg = process.argv.indexOf('--out');
const out = resolve(outArg > 0 ? (process.argv[outArg + 1] as string) : join(root, 'demo-out'));
const NOTICE =
  'Scripted demo: replies come from a scripted local server, not from a real LLM. No figure here says anything about a real model.';

// The judged suite's scripted target answers with the reference; its scripted judge
// compares answers with the reference (see tests/helpers/fake-openai.ts).
const tasks = (await readFile(join(root, 'eval-datasets/judged/tasks.jsonl'), 'utf8'))
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as { input: string; reference: string });
const references = new Map(tasks.map((t) => [t.input, t.reference]));

// The round-trip suites' scripted model answers with each task's reference solution and
// describes it with the task's own description (tests/helpers/round-trip-script.ts).
const roundTrip = roundTripReply(loadScriptTasks(join(root, 'eval-datasets/round-trip')), { markCycles: false });

const server = await startFakeOpenAI((request) => {
  const rt = roundTrip(request);
  if (rt) return rt;
  const judged = scriptedJudgeReply(request);
  if (judged) return judged;
  const reference = references.get(taskOf(request));
  if (reference !== undefined) return { content: reference };
  const system = request.messages.find((m) => m.role === 'system')?.content ?? '';
  const line = contextLinesOf(request)[1] ?? '';
  const careful = system.includes('character for character');
  if (!careful && fractionOf(line) < 0.4 && line.includes(' [SEP] '))
    return { content: line.split(' [SEP] ')[1] as string };
  return { content: line };
});

try {
  await rm(out, { recursive: true, force: true });
  const ws = join(out, 'workspace');
  await mkdir(ws, { recursive: true });
  for (const p of ['evalgate.yml', 'prompts', 'eval-datasets'])
    await cp(join(root, p), join(ws, p), { recursive: true });
  const config = join(ws, 'evalgate.yml');
  await writeFile(
    config,
    (await readFile(config, 'utf8'))
      .replace(/model: gpt-4o-mini[^\n]*/, 'model: scripted-demo-model   # not a real LLM')
      .replace(/model: gpt-4o\n/, 'model: scripted-demo-judge   # not a real LLM\n'),
  );
  const env = { ...process.env, OPENAI_API_KEY: 'scripted-demo-no-key', OPENAI_BASE_URL: server.url };
  // Asynchronous on purpose: the scripted server answers from this same event loop.
  const cli = (args: string[]): Promise<number> =>
    new Promise((done) => {
      const child = spawn(process.execPath, [join(root, 'dist/cli.js'), ...args, '--notice', NOTICE], {
        cwd: ws,
        env,
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      child.on('close', (code) => done(code ?? 3));
    });
  // Bold on a terminal only: piped into a file or a CI log, plain text (as the CLI does).
  const bold = paint(colourEnabled(process.stdout, process.env)).bold;
  const say = (text: string): void => {
    process.stdout.write(`\n${bold(text)}\n`);
  };

  say('1/3  Baseline on the main branch (scripted demo model, not a real LLM)');
  const first = await cli(['run', '--update-baseline', '--out', join(out, 'baseline'), '--quiet']);
  say(`     exit ${first}; baselines written to ${join(ws, 'baselines')}`);

  say('2/3  A pull request shortens the qa system template (drops "character for character")');
  const template = join(ws, 'prompts/copy/qa-system.txt');
  const text = await readFile(template, 'utf8');
  await writeFile(
    template,
    text.replace('Reply with that line, copied character for character: no quotes', 'Reply with that line: no quotes'),
  );
  const second = await cli(['run', '--out', join(out, 'candidate'), '--quiet']);
  say(`     exit ${second} (1 = regression: the check would fail)`);

  say(`3/3  The report (${join(out, 'candidate/report.md')}), first lines:`);
  const report = await readFile(join(out, 'candidate/report.md'), 'utf8');
  process.stdout.write(`${report.split('\n').slice(0, 24).join('\n')}\n…\n`);
  process.exitCode = first === 0 && second === 1 ? 0 : 1;
} finally {
  await server.close();
}
