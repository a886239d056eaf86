// `evalgate noise`: the same suite twice against the same (scripted) model, uncached.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { exampleWorkspace, runCli } from '../helpers/cli.ts';
import { contextLinesOf, corruptLine, fractionOf, startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';

interface NoiseJson {
  suites: {
    name: string;
    cases: number;
    casesDiffering: number;
    meanAbsoluteCaseChange: number;
    first: number;
    second: number;
    change: number;
    se: number | null;
    mde: number | null;
    pValue: number | null;
    pMethod: string | null;
    verdict: string;
    gateFired: boolean;
  }[];
}

describe('evalgate noise (A/A)', () => {
  let server: FakeOpenAI;
  let ws: Awaited<ReturnType<typeof exampleWorkspace>>;
  let env: Record<string, string>;
  before(async () => {
    server = await startFakeOpenAI((req) => ({ content: contextLinesOf(req)[1] ?? '' }));
    ws = await exampleWorkspace();
    env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: server.url };
  });
  after(async () => {
    await server.close();
    await ws.cleanup();
  });

  const noise = async (
    out: string,
  ): Promise<{ code: number | null; stdout: string; json: NoiseJson; md: string; stderr: string }> => {
    const r = await runCli(['noise', '--suite', 'copy-simple-random', '--out', out, '--quiet'], { cwd: ws.dir, env });
    const json = JSON.parse(await readFile(join(ws.dir, out, 'noise.json'), 'utf8')) as NoiseJson;
    return { ...r, json, md: await readFile(join(ws.dir, out, 'noise.md'), 'utf8') };
  };

  it('reports no spread and a quiet gate for a deterministic model, and calls the model twice per case', async () => {
    const before = server.requests.length;
    const r = await noise('det');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(server.requests.length - before, 2 * 52, 'both runs reach the model: the response cache is off');
    const s = r.json.suites[0];
    assert.equal(s?.cases, 52);
    assert.equal(s?.casesDiffering, 0);
    assert.equal(s?.change, 0);
    assert.equal(s?.gateFired, false);
    assert.equal(s?.mde, null, 'no variation, so no MDE');
    assert.match(r.md, /no run-to-run noise was seen/);
    assert.match(r.stdout, /The gate would not have fired \(pass\)/);
  });

  it('measures the spread of a nondeterministic model: cases that differ, the SE and the MDE it implies', async () => {
    // About 15% of calls come back corrupted, at random (seeded by the call's index), so the
    // two runs disagree on some cases without either being worse by construction.
    server.setScript((req, index) => {
      const line = contextLinesOf(req)[1] ?? '';
      return { content: fractionOf(`${index}|${line}`) < 0.15 ? corruptLine(line) : line };
    });
    const r = await noise('flaky');
    assert.equal(r.code, 0, r.stderr);
    const s = r.json.suites[0];
    assert.ok(s && s.casesDiffering > 0 && s.casesDiffering < 52, JSON.stringify(s));
    assert.ok(
      Math.abs(s.meanAbsoluteCaseChange - s.casesDiffering / 52) < 1e-4,
      'binary metric: the mean |change| is the share that differ',
    );
    assert.ok((s.se ?? 0) > 0 && (s.mde ?? 0) > 0);
    assert.equal(s.pMethod, 'exact');
    assert.equal(s.gateFired, s.verdict === 'regression');
    assert.match(r.md, new RegExp(`${s.casesDiffering} of 52 cases scored differently in the second run`));
    assert.match(r.md, /From this noise alone the suite can detect a drop of about [\d.]+%/);
  });

  it('says the gate would have fired when the second run is worse (a silent model update)', async () => {
    let calls = 0;
    server.setScript((req) => {
      calls++;
      const line = contextLinesOf(req)[1] ?? '';
      // The first 52 calls are run 1; run 2 gets a third of the cases wrong.
      return { content: calls > 52 && fractionOf(line) < 0.33 ? corruptLine(line) : line };
    });
    const r = await noise('drift');
    assert.equal(r.code, 0, 'noise informs, it does not gate');
    const s = r.json.suites[0];
    assert.equal(s?.verdict, 'regression');
    assert.equal(s?.gateFired, true);
    assert.match(r.md, /\*\*The gate would have failed this PR that changed nothing\*\*/);
    assert.match(r.md, /❌ would fail \(regression\)/);
  });

  it('rejects an unknown suite with a clear error before calling anything', async () => {
    const before = server.requests.length;
    const r = await runCli(['noise', '--suite', 'no-such-suite'], { cwd: ws.dir, env });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no-such-suite/);
    assert.equal(server.requests.length, before);
  });
});
