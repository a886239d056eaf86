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
    assert.deepEqual(
      summary.suites.map((s: { verdict: string }) => s.verdict),
      ['regression', 'pass', 'pass', 'pass', 'pass'],
    );
    const report = await readFile(join(out, 'candidate/report.md'), 'utf8');
    assert.match(report, /not from a real LLM/);
    assert.match(report, /model `scripted-demo-model`/);
    assert.match(report, /What changed: templates: qa-system\.txt/);
    assert.match(report, /Round trip across languages/);
  } finally {
    await rm(out, { recursive: true, force: true });
  }
});
