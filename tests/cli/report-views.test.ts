// What people look at after a run, end to end: report.html from a real run with a
// regression opened in headless Chromium (verdict, chart, regressed cases side by side,
// filters, search, keyboard, no console error, no network request, hostile replies inert),
// the same page in Japanese and at 10,000 cases, `evalgate history` over two committed
// baselines, and `evalgate matrix` over two providers. One fixture: two runs in one git
// repository; one browser launch.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { readResultFile } from '../../src/adapters/fs-store.ts';
import { COMMANDS, commandHelp, parseCommand } from '../../src/cli/args.ts';
import { historyCommand } from '../../src/cli/history.ts';
import { matrixCommand } from '../../src/cli/matrix.ts';
import { compareWithBaseline } from '../../src/core/compare/index.ts';
import { DEFAULT_GATE } from '../../src/core/config/common.ts';
import { renderHtmlReport } from '../../src/core/report/html.ts';
import type { SuiteResult } from '../../src/core/types.ts';
import { launchBrowser, type TestBrowser, type WatchedPage } from '../helpers/browser.ts';
import { exampleWorkspace, ROOT, runCli } from '../helpers/cli.ts';
import { contextLinesOf, corruptLine, fractionOf, startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai.ts';
import { syntheticPair } from '../helpers/synthetic-results.ts';

const SUITE = 'copy-qa-natural';
/** Appended to some candidate replies: what a model could write to break out of the page. */
const HOSTILE =
  '</script><script>window.__pwned=1;alert(1)</script><!--<img src=http://127.0.0.1:9/x.png onerror="window.__pwned=2"> " onfocus="window.__pwned=3" javascript:alert(4) \u2028';

/** WCAG contrast ratio of two CSS rgb() colours. */
function contrast(fg: string, bg: string): number {
  const lum = (css: string): number => {
    const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((x) => {
      const c = Number(x) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x) as [number, number];
  return (a + 0.05) / (b + 0.05);
}

describe('report.html, history and matrix', () => {
  let server: FakeOpenAI;
  let ws: Awaited<ReturnType<typeof exampleWorkspace>>;
  let browser: TestBrowser;
  let artifacts: string;
  const env = (): Record<string, string> => ({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: server.url });
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: ws.dir, encoding: 'utf8' }).trim();
  /** Cases the regression run broke, and those it broke with hostile text. */
  const broken = new Set<string>();
  const hostile = new Set<string>();
  let commits: string[] = [];
  /** Whether the target model breaks lines (the second run). */
  let regress = false;

  before(async () => {
    // The target copies its line; in the second run it drops half of 30% of lines and
    // appends HOSTILE to a few more. The judge provider (the matrix's second column) drops 20%.
    server = await startFakeOpenAI((req) => {
      const line = contextLinesOf(req)[1] ?? '';
      const f = fractionOf(line);
      if (req.model === 'gpt-4o') return { content: f < 0.2 ? corruptLine(line) : line };
      if (regress && f < 0.3) {
        broken.add(line);
        return { content: corruptLine(line) };
      }
      if (regress && f < 0.36) {
        hostile.add(line);
        return { content: `${line} ${HOSTILE}` };
      }
      return { content: line };
    });
    ws = await exampleWorkspace();
    // Kept after the run in the repository's git-ignored tmp/ (the screenshots are the
    // test's artifacts), replaced by the next run.
    artifacts = join(ROOT, 'tmp', 'page-tests');
    await rm(artifacts, { recursive: true, force: true });
    await mkdir(artifacts, { recursive: true });
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'test@example.com');
    git('config', 'user.name', 'test');
    const first = await runCli(['run', '--suite', SUITE, '--update-baseline', '--no-cache', '--out', 'run1'], {
      cwd: ws.dir,
      env: env(),
    });
    assert.equal(first.code, 0, first.stderr);
    git('add', '-A');
    git('commit', '-q', '-m', 'First baselines <b>bold</b>');
    regress = true;
    // The regression run also refreshes the baseline, so the history has a second commit.
    const second = await runCli(['run', '--suite', SUITE, '--update-baseline', '--no-cache', '--out', 'run2'], {
      cwd: ws.dir,
      env: env(),
    });
    assert.equal(second.code, 1, second.stdout + second.stderr);
    git('add', '-A');
    git('commit', '-q', '-m', 'Refresh baselines');
    commits = git('log', '--format=%H').split('\n');
    regress = false;
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    await ws?.cleanup();
  });

  async function shot(page: WatchedPage, name: string): Promise<void> {
    const path = join(artifacts, `${name}.png`);
    await page.page.screenshot({ path, fullPage: false });
    process.stdout.write(`# screenshot: ${path}\n`);
  }

  function clean(page: WatchedPage): void {
    assert.deepEqual(page.consoleErrors, [], 'no console error');
    assert.deepEqual(page.pageErrors, [], 'no uncaught exception');
    assert.deepEqual(page.dialogs, [], 'no dialog opened');
    assert.deepEqual(page.network, [], 'nothing requested from the network');
  }

  it('renders the regression in Chromium: verdict, chart, regressed cases side by side, nothing fetched', async () => {
    const w = await browser.open(pathToFileURL(join(ws.dir, 'run2/report.html')).href);
    const { page } = w;
    await page.waitForSelector('html[data-ready="true"]');
    assert.match((await page.textContent('h1')) ?? '', /evalgate: .* regression/);
    // The policy admitted the page's style (the layout is applied) and its script (the table exists).
    assert.equal(await page.evaluate('getComputedStyle(document.body).maxWidth'), '1200px');
    assert.ok((await page.locator('figure.chart svg rect').count()) >= 1, 'the suites chart has its bar');
    assert.equal(await page.locator('figure.interval svg circle').count(), 1, 'the change is drawn with its interval');
    // The regressed filter is on, and lists exactly the cases the server broke.
    const regressed = page.locator('tr.case.s-regressed');
    assert.equal(await page.getAttribute('button[data-filter="regressed"]', 'aria-pressed'), 'true');
    assert.equal(await regressed.count(), broken.size + hostile.size);
    assert.equal(await page.locator('tr.case').count(), broken.size + hostile.size);
    // The first regressed case side by side: the baseline's reply, the candidate's, with marks.
    await regressed.first().locator('button.toggle').click();
    const detail = page.locator('tr.detail:not([hidden])').first();
    const before = (await detail.locator('.reply-baseline').textContent()) ?? '';
    const afterText = (await detail.locator('.reply-candidate').textContent()) ?? '';
    assert.ok([...broken].includes(before), 'the baseline reply is the full line');
    assert.equal(afterText, corruptLine(before));
    assert.ok((await detail.locator('.reply-baseline del').count()) >= 1, 'dropped words are marked');
    assert.ok(await detail.locator('.reply-baseline').isVisible());
    clean(w);
    await shot(w, 'report-regression');
  });

  it('filters and searches the cases, by mouse and by keyboard', async () => {
    const w = await browser.open(pathToFileURL(join(ws.dir, 'run2/report.html')).href);
    const { page } = w;
    await page.waitForSelector('html[data-ready="true"]');
    await page.click('button[data-filter="all"]');
    assert.match((await page.textContent('p.count')) ?? '', /^52 of 52 cases$/);
    assert.equal(await page.locator('tr.case').count(), 50, 'a page holds 50 rows');
    await page.click('.pager button:last-child');
    assert.equal(await page.locator('tr.case').count(), 2);
    assert.match((await page.textContent('.pager .where')) ?? '', /Page 2 of 2/);
    await page.click('button[data-filter="improved"]');
    assert.match((await page.textContent('.explorer tbody')) ?? '', /No case matches/);
    await page.click('button[data-filter="failed"]');
    assert.equal(await page.locator('tr.case').count(), broken.size + hostile.size);
    // Keyboard: a filter by Enter, a case opened by Space.
    await page.focus('button[data-filter="all"]');
    await page.keyboard.press('Enter');
    assert.equal(await page.getAttribute('button[data-filter="all"]', 'aria-pressed'), 'true');
    await page.focus('tr.case button.toggle');
    await page.keyboard.press('Space');
    assert.equal(await page.getAttribute('tr.case button.toggle', 'aria-expanded'), 'true');
    // Search narrows to the cases whose text matches, here the hostile replies.
    await page.fill('input[type="search"]', 'window.__pwned');
    await page.locator('p.count', { hasText: new RegExp(`^${hostile.size} of 52 cases$`) }).waitFor();
    assert.equal(await page.locator('tr.case').count(), hostile.size);
    await page.locator('tr.case button.toggle').first().click();
    const reply = (await page.locator('tr.detail:not([hidden]) .reply-candidate').first().textContent()) ?? '';
    assert.ok(reply.includes('</script><script>window.__pwned=1;alert(1)</script><!--<img'), 'shown as text');
    assert.equal(await page.evaluate('typeof window.__pwned'), 'undefined');
    assert.equal(await page.locator('img, iframe, object, embed, a[href^="javascript"]').count(), 0);
    // Text is readable: body, muted notes, verdict colours and diff marks at WCAG AA or better.
    const pairs =
      (await page.evaluate(`['body', '.muted', '.st-regressed', 'ins', 'del', 'button[aria-pressed="true"]', 'h1']
      .flatMap((selector) => {
        const el = document.querySelector(selector);
        if (!el) return [];
        const style = getComputedStyle(el);
        let bg = style.backgroundColor;
        for (let p = el.parentElement; bg === 'rgba(0, 0, 0, 0)' && p; p = p.parentElement) bg = getComputedStyle(p).backgroundColor;
        return [{ selector, fg: style.color, bg: bg === 'rgba(0, 0, 0, 0)' ? 'rgb(255, 255, 255)' : bg }];
      })`)) as { selector: string; fg: string; bg: string }[];
    assert.ok(pairs.length >= 6, JSON.stringify(pairs));
    for (const p of pairs) assert.ok(contrast(p.fg, p.bg) >= 4.5, `${p.selector}: ${p.fg} on ${p.bg}`);
    clean(w);
    await shot(w, 'report-search');
  });

  it('reads in Japanese, and stays usable at 10,000 cases', async () => {
    const ja = join(artifacts, 'report-ja.html');
    const baseline = await readResultFile(join(ws.dir, 'run1/results', `${SUITE}.json`));
    const candidate = await readResultFile(join(ws.dir, 'run2/results', `${SUITE}.json`));
    await writeFile(ja, page([baseline, candidate], 'ja'));
    const wj = await browser.open(pathToFileURL(ja).href);
    await wj.page.waitForSelector('html[data-ready="true"]');
    assert.equal(await wj.page.getAttribute('html', 'lang'), 'ja');
    assert.match((await wj.page.textContent('h1')) ?? '', /低下/);
    assert.match((await wj.page.textContent('button[data-filter="regressed"]')) ?? '', /^低下 \(\d+\)$/);
    clean(wj);

    const big = syntheticPair({ n: 10_000, fails: (i) => i % 97 === 0, errors: (i) => i % 500 === 1 });
    const file = join(artifacts, 'report-10k.html');
    const html = page([big.baseline, big.candidate], 'en');

    await writeFile(file, html);
    process.stdout.write(`# report.html at 10,000 cases: ${Buffer.byteLength(html).toLocaleString('en-US')} bytes\n`);
    const w = await browser.open(pathToFileURL(file).href);
    await w.page.waitForSelector('html[data-ready="true"]');
    // Failed cases regressed, except those that errored instead (no score, not compared).
    const regressed = Array.from({ length: 10_000 }, (_, i) => i).filter((i) => i % 97 === 0 && i % 500 !== 1).length;
    assert.match((await w.page.textContent('p.count')) ?? '', new RegExp(`^${regressed} of 10000 cases$`));
    assert.equal(await w.page.locator('tr.case').count(), 50, 'only one page of rows is in the document');
    await w.page.click('button[data-filter="errors"]');
    assert.match((await w.page.textContent('p.count')) ?? '', /^20 of 10000 cases$/);
    await w.page.click('button[data-filter="all"]');
    assert.match((await w.page.textContent('.pager .where')) ?? '', /^Page 1 of 200$/);
    await w.page.fill('input[type="search"]', 'case-09999');
    await w.page.locator('p.count', { hasText: /^1 of 10000 cases$/ }).waitFor();
    // The last case's texts come from the last piece of the data block: numbered across every piece before it.
    const last = big.candidate.records.find((r) => r.caseId === 'case-09999');
    const lastBase = big.baseline.records.find((r) => r.caseId === 'case-09999');
    await w.page.click('tr[data-case="case-09999"] button.toggle');
    assert.equal(await w.page.textContent('tr.detail .reply-candidate'), last?.reply?.text);
    assert.equal(await w.page.textContent('tr.detail .reply-baseline'), lastBase?.reply?.text);
    assert.equal(
      await w.page.textContent('tr.detail .field pre'),
      String(last?.detail?.['question'] ?? ''),
      'its question first',
    );
    clean(w);
  });

  /** report.html of a baseline and a candidate, rendered in-process. */
  function page([baseline, candidate]: [SuiteResult, SuiteResult], language: 'en' | 'ja'): string {
    const c = compareWithBaseline(baseline, candidate, { ...DEFAULT_GATE, resamples: 1000 });
    return renderHtmlReport(
      {
        verdict: c.verdict,
        comparisons: [c],
        results: new Map([[c.name, candidate]]),
        baselines: new Map([[c.name, baseline]]),
        language,
      },
      'test',
    );
  }

  it('evalgate history lists the commits that changed the baselines and writes the trend', async () => {
    const r = await runCli(['history', '--out', 'hist'], { cwd: ws.dir, env: {} });
    assert.equal(r.code, 0, r.stderr);
    const [latest, earliest] = commits as [string, string];
    const rows = r.stdout.split('\n').filter((l) => l.startsWith(`| ${SUITE} |`));
    assert.equal(rows.length, 2, r.stdout);
    assert.ok(rows[0]?.includes(earliest.slice(0, 7)) && rows[1]?.includes(latest.slice(0, 7)), 'oldest first');
    assert.ok(rows[0]?.includes('First baselines &lt;b&gt;bold&lt;/b&gt;'), 'commit messages are escaped');
    const json = JSON.parse(await readFile(join(ws.dir, 'hist/history.json'), 'utf8'));
    const points = json.suites[0].points as { value: number; lower: number; upper: number; change: number }[];
    assert.equal(points[0]?.value, 1);
    const expected = 1 - (broken.size + hostile.size) / 52;
    assert.ok(Math.abs((points[1]?.value ?? 0) - expected) < 1e-9, `${points[1]?.value} vs ${expected}`);
    assert.ok((points[1]?.lower ?? 1) < expected && (points[1]?.upper ?? 0) > expected, 'an interval around it');
    assert.ok((points[1]?.change ?? 0) < 0);
    const svg = await readFile(join(ws.dir, 'hist/history.svg'), 'utf8');
    assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    assert.equal(svg.match(/<circle/g)?.length, 2, 'one dot per baseline');
    const w = await browser.open(pathToFileURL(join(ws.dir, 'hist/history.html')).href);
    assert.match((await w.page.textContent('body')) ?? '', /Refresh baselines/);
    assert.equal(await w.page.locator('svg polyline').count(), 1);
    clean(w);
    // Outside a repository it says what to do (in-process: it stops before any output).
    const lone = await mkdtemp(join(tmpdir(), 'evalgate-nogit-'));
    try {
      await mkdir(join(lone, 'baselines'));
      await assert.rejects(
        historyCommand({
          name: 'history',
          config: join(lone, 'evalgate.yml'),
          configGiven: false,
          suites: [],
          baselineDir: join(lone, 'baselines'),
          ref: 'HEAD',
          limit: 10,
          out: join(lone, 'out'),
          language: null,
        }),
        /not inside a git repository; run it in the repository's checkout/,
      );
    } finally {
      await rm(lone, { recursive: true, force: true });
    }
  });

  it('evalgate matrix runs the suite against two providers and compares them on the same cases', async () => {
    const before = server.requests.length;
    const r = await runCli(
      ['matrix', '--providers', 'target,judge', '--suite', SUITE, '--out', 'mx', '--no-cache', '--quiet'],
      { cwd: ws.dir, env: env() },
    );
    assert.equal(r.code, 0, r.stderr);
    const sent = server.requests.slice(before);
    assert.equal(sent.length, 104, '52 cases against each provider');
    assert.equal(sent.filter((q) => q.model === 'gpt-4o').length, 52);
    const m = JSON.parse(await readFile(join(ws.dir, 'mx/matrix.json'), 'utf8'));
    const [target, judge] = m.suites[0].providers;
    assert.equal(target.provider, 'target');
    assert.equal(target.change, null, 'the reference');
    assert.ok(judge.value < target.value, JSON.stringify(m));
    assert.ok(judge.change < 0 && judge.changeInterval[1] <= 0, 'the paired change against the reference');
    assert.ok(typeof judge.pValue === 'number' && judge.costUsd > target.costUsd, 'gpt-4o costs more');
    assert.ok(target.latencyMs.p50 >= 0 && target.latencyMs.p90 >= target.latencyMs.p50);
    assert.match(r.stdout, /\| copy-qa-natural \(exact-match\) \| `judge` \| `gpt-4o` \|/);
    const html = await readFile(join(ws.dir, 'mx/matrix.html'), 'utf8');
    assert.match(html, /Content-Security-Policy/);
    // Each provider's run is kept whole, with its own report.html.
    await readFile(join(ws.dir, 'mx/judge/report.html'), 'utf8');
    await assert.rejects(
      matrixCommand({
        name: 'matrix',
        config: join(ws.dir, 'evalgate.yml'),
        suites: [],
        providers: ['target', 'nope'],
        out: join(ws.dir, 'mx-wrong'),
        cacheDir: null,
        noCache: true,
        quiet: true,
        language: null,
      }),
      /--providers names "nope", not a provider of .*evalgate\.yml; its providers are target, judge/,
    );
  });

  it('documents both commands and names what to fix in their options', () => {
    for (const name of ['history', 'matrix']) {
      const spec = COMMANDS.find((c) => c.name === name);
      assert.ok(spec);
      const help = parseCommand([name, '--help']);
      assert.equal(help.name, 'help');
      assert.equal(help.name === 'help' && help.text, commandHelp(spec));
    }
    assert.throws(() => parseCommand(['matrix', '--providers', 'a']), /at least two provider names/);
    assert.throws(() => parseCommand(['matrix']), /matrix needs --providers A,B/);
    assert.throws(() => parseCommand(['matrix', '--providers', 'a,a']), /names "a" twice/);
    assert.throws(() => parseCommand(['history', '--limit', '0']), /--limit must be a positive whole number/);
  });
});
