// `npm run demo` runs offline through the bundled CLI and shows a labelled regression.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { ROOT } from '../helpers/cli.ts';

it('the demo makes a baseline, gates a weakened template as a regression, and labels the scripted model', async () => {
  const out = await mkdtemp(join(tmpdir(), 'evalgate-demo-'));
  try {
    let stdout = '';
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [join(ROOT, 'scripts/demo.ts'), '--out', out], {
        stdio: ['ignore', 'pipe', 'ignore'],
        env: { PATH: process.env['PATH'] ?? '', EVALGATE_CACHE_DIR: join(tmpdir(), 'evalgate-test-cache') },
      });
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.on('close', resolve);
    });
    assert.equal(code, 0);
    assert.match(stdout, /1\/3 {2}Baseline on the main branch/);
    assert.doesNotMatch(stdout, /\u001b/, 'no terminal escapes in a pipe');
    const summary = JSON.parse(await readFile(join(out, 'candidate/summary.json'), 'utf8'));
    assert.equal(summary.verdict, 'regression');
    const report = await readFile(join(out, 'candidate/report.md'), 'utf8');
    const expected = ['regression', 'pass', 'pass', 'pass', 'pass'];
    const verdicts = summary.suites.map((s: { verdict: string }) => s.verdict);
    // When a suite's verdict is not the expected one, the message carries its section of
    // the report (stops by stage and the cases' messages): what a CI log needs to say why.
    const sections = summary.suites
      .filter((s: { verdict: string }, i: number) => s.verdict !== expected[i])
      .map((s: { name: string }) => report.split('\n### ').find((part) => part.split('\n')[0]?.endsWith(` ${s.name}`)));
    // ...and the distinct stop stages and messages of its records (a sandbox timeout, say).
    const stops = new Set<string>();
    for (const s of summary.suites.filter((x: { verdict: string }, i: number) => x.verdict !== expected[i])) {
      const records = await readFile(join(out, `candidate/results/${s.name}.records.jsonl`), 'utf8').catch(() => '');
      for (const m of records.matchAll(/"(?:stage|message|error)":"(?!completed")[^"]{0,300}/g)) stops.add(m[0]);
    }
    const why = `${[...stops].slice(0, 20).join('\n')}\n${sections.join('\n---\n').slice(0, 8000)}`;
    assert.deepEqual(verdicts, expected, `verdicts ${verdicts.join(', ')}\n${why}`);
    assert.match(report, /not from a real LLM/);
    assert.match(report, /model `scripted-demo-model`/);
    assert.match(report, /What changed: templates: qa-system\.txt/);
    assert.match(report, /Round trip across languages/);
  } finally {
    await rm(out, { recursive: true, force: true });
  }
});
