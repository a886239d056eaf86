// Three suites regress in one run: summary.json carries the statistics a second tool
// needs, and the exact-test p-values are Holm-adjusted across the run.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { mdeFactor } from '../../src/core/compare/index.ts';
import { summaryProblems } from '../../src/core/summary.ts';
import { exampleWorkspace, runCli } from '../helpers/cli.ts';
import {
  contextLinesOf,
  corruptLine,
  fractionOf,
  startFakeOpenAI,
  type FakeOpenAI,
  type FakeRequest,
} from '../helpers/fake-openai.ts';

/** Cases each suite's candidate gets wrong (none improve, so the exact p is 2/2^k). */
const DROPPED: Record<string, number> = { a: 10, b: 7, c: 6 };

function suiteOf(request: FakeRequest): string {
  const system = request.messages.find((m) => m.role === 'system')?.content ?? '';
  return /^Suite (\w)\./.exec(system)?.[1] ?? '';
}

describe('multiplicity across the suites of one run (CLI)', () => {
  let server: FakeOpenAI;
  let ws: Awaited<ReturnType<typeof exampleWorkspace>>;
  let env: Record<string, string>;
  let summary: { verdict: string; multiplicity: string; suites: Record<string, unknown>[] };
  let report: string;
  before(async () => {
    ws = await exampleWorkspace();
    const system = await readFile(join(ws.dir, 'prompts/copy/simple-system.txt'), 'utf8');
    const suites = Object.keys(DROPPED).map((s) => {
      return `  - name: copy-${s}\n    kind: exact-copy\n    provider: target\n    dataset: eval-datasets/exact-copy/random.jsonl\n    templates:\n      system: prompts/copy/${s}-system.txt\n      user: prompts/copy/simple-user.txt\n`;
    });
    for (const s of Object.keys(DROPPED)) await ws.write(`prompts/copy/${s}-system.txt`, `Suite ${s}. ${system}`);
    await ws.write(
      'three.yml',
      `version: 1\nproviders:\n  target:\n    model: m\n    temperature: 0\nsuites:\n${suites.join('')}`,
    );
    server = await startFakeOpenAI((req) => ({ content: contextLinesOf(req)[1] ?? '' }));
    env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: server.url };
    const base = await runCli(['run', '--no-cache', '--config', 'three.yml', '--out', 'base', '--update-baseline'], {
      cwd: ws.dir,
      env,
    });
    assert.equal(base.code, 0, base.stderr);
    // The same cases in a stable order; suite s gets the first DROPPED[s] of them wrong.
    const lines = [...new Set(server.requests.map((r) => contextLinesOf(r)[1] ?? ''))].sort(
      (x, y) => fractionOf(x) - fractionOf(y),
    );
    server.setScript((req) => {
      const line = contextLinesOf(req)[1] ?? '';
      return { content: lines.indexOf(line) < (DROPPED[suiteOf(req)] ?? 0) ? corruptLine(line) : line };
    });
    const cand = await runCli(['run', '--no-cache', '--config', 'three.yml', '--out', 'cand'], { cwd: ws.dir, env });
    assert.equal(cand.code, 1, cand.stdout + cand.stderr);
    summary = JSON.parse(await readFile(join(ws.dir, 'cand/summary.json'), 'utf8'));
    report = await readFile(join(ws.dir, 'cand/report.md'), 'utf8');
  });
  after(async () => {
    await server.close();
    await ws.cleanup();
  });

  it("writes each suite's statistics to summary.json, conforming to the published schema", () => {
    assert.deepEqual(summaryProblems(summary), []);
    assert.equal(summary.verdict, 'regression');
    assert.equal(summary.multiplicity, 'holm');
    for (const s of summary.suites) {
      const k = DROPPED[String(s['name']).slice('copy-'.length)] as number;
      assert.equal(s['verdict'], 'regression', String(s['name']));
      assert.equal(s['unit'], 'relative');
      assert.equal(s['cases'], 52);
      assert.equal(s['pValue'], 2 / 2 ** k, `${s['name']}: exact p of ${k} drops and no gain`);
      assert.equal(s['pMethod'], 'exact');
      assert.equal(s['resamples'], 10_000, 'kept resamples (none skipped: the baseline is never 0)');
      assert.equal(s['skippedResamples'], 0);
      assert.ok((s['se'] as number) > 0);
      assert.ok(
        Math.abs((s['mde'] as number) - mdeFactor(0.95) * (s['se'] as number)) < 2e-6,
        `${s['mde']} = 2.8016 × ${s['se']}`,
      );
      assert.equal(s['casesNeededUnit'], 'cases');
      assert.ok(Number.isInteger(s['casesNeeded']));
      assert.equal(s['verdictBeforeAdjustment'], null);
    }
  });

  it("adjusts by Holm in Tarone's family: only suites that could reach α/K count at each step", () => {
    const by = (name: string): Record<string, unknown> =>
      summary.suites.find((s) => s['name'] === name) as Record<string, unknown>;
    // Smallest attainable p: a 2/2^10, b 2/2^7 = 0.0156, c 2/2^6 = 0.031. At the first step
    // K = 2 (a and b reach 0.025, c does not); at the second, K = 2 again (b and c reach 0.05,
    // only b reaches 0.025); then c alone: K = 1 (kept monotone).
    assert.equal(by('copy-a')['pAdjusted'], 2 * (2 / 2 ** 10));
    assert.equal(by('copy-b')['pAdjusted'], 2 * (2 / 2 ** 7));
    assert.equal(by('copy-c')['pAdjusted'], 2 / 2 ** 6);
    assert.equal(by('copy-a')['family'], 2);
    assert.equal(by('copy-c')['pAttainable'], 2 / 2 ** 6);
    assert.match(report, /Holm-adjusted in a family of 2 of the 3 suites compared in this run .*: p = 0\.0039/);
  });

  it('leaves p-values unadjusted with gate.multiplicity: none', async () => {
    const config = await readFile(join(ws.dir, 'three.yml'), 'utf8');
    await ws.write('none.yml', `${config}gate:\n  multiplicity: none\n`);
    const r = await runCli(
      ['compare', '--config', 'none.yml', '--baseline', 'baselines', '--candidate', 'cand', '--out', 'none'],
      { cwd: ws.dir, env: {} },
    );
    assert.equal(r.code, 1, r.stderr);
    const none = JSON.parse(await readFile(join(ws.dir, 'none/summary.json'), 'utf8')) as typeof summary;
    assert.equal(none.multiplicity, 'none');
    for (const s of none.suites) assert.equal(s['pAdjusted'], s['pValue']);
  });
});
