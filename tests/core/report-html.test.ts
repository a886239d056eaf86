// report.html as text: hostile model and pull-request text stays inert (escaped in markup,
// JSON-escaped in the data block), the policy admits exactly the page's own script and
// style, the page carries every case, and the word diff marks what changed.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createFsRunStore } from '../../src/adapters/fs-store.ts';
import { compareWithBaseline } from '../../src/core/compare/index.ts';
import { DEFAULT_GATE } from '../../src/core/config/common.ts';
import { compareStored } from '../../src/core/engine.ts';
import { pageSuite, TextTable, type TextNumbering } from '../../src/core/report/case-data.ts';
import { renderHtmlReport, withHtmlPointer } from '../../src/core/report/html.ts';
import { renderJunit } from '../../src/core/report/junit.ts';
import { viewMessagesFor } from '../../src/core/report/views-messages.ts';
import { fitReport } from '../../src/core/report/markdown.ts';
import { REPORT_SCRIPT } from '../../src/core/report/html-client.ts';
import { escapeHtml, jsonForScript, markupHtml, pageText } from '../../src/core/report/html-page.ts';
import type { ReportInput } from '../../src/core/report/markdown.ts';
import { diffWords } from '../../src/core/report/word-diff.ts';
import { resultFrom, type Row } from '../helpers/results.ts';
import type { PageCase, PageSuite } from '../../src/core/report/case-data.ts';
import {
  CASES_PER_PIECE,
  pageDataChunks,
  readPageData,
  type PageData,
  type WrittenPageData,
} from '../../src/core/report/page-data.ts';
import { syntheticPair } from '../helpers/synthetic-results.ts';
import { parseXml } from '../helpers/xml.ts';

/** Everything a pull request or a model could put into a page to break out of it. */
const HOSTILE =
  '</script><script>window.__pwned=1</script><!--<script>x</script>--> <img src=x onerror="window.__pwned=2"> " onmouseover="window.__pwned=3" \' javascript:window.__pwned=4 \u2028\u2029 </textarea></style><style>body{display:none}</style> \u202eevil\u202c ]]> <![CDATA[';

function hostileReport(language: 'en' | 'ja' = 'en'): { html: string; suite: string } {
  const { baseline, candidate } = syntheticPair({
    n: 30,
    fails: (i) => i % 3 === 0,
    errors: (i) => i === 1,
    inject: HOSTILE,
    model: `model ${HOSTILE}`,
  });
  const comparison = compareWithBaseline(baseline, candidate, { ...DEFAULT_GATE, resamples: 500 });
  comparison.notes.push(`note ${HOSTILE}`);
  const html = renderHtmlReport(
    {
      verdict: comparison.verdict,
      comparisons: [comparison],
      results: new Map([['copy', candidate]]),
      baselines: new Map([['copy', baseline]]),
      language,
      scriptedNotice: `notice ${HOSTILE}`,
      notices: {
        messages: [`message **bold** ${HOSTILE}`],
        untrusted: [{ path: `providers.${HOSTILE}`, kind: 'endpoint', note: '' }],
        adaptations: [{ provider: 'p', notes: [HOSTILE] }],
      },
      notRun: [{ name: 'other', reason: HOSTILE }],
    },
    'test',
  );
  return { html, suite: comparison.verdict };
}

/**
 * The text table as report.html numbered texts before its keys were hashes: every text
 * held, in a Map. Kept only here, as the reference the page's numbering must match.
 */
class ReferenceTable implements TextNumbering {
  readonly texts: string[] = [];
  private readonly index = new Map<string, number>();
  add(text: unknown, max: number): number {
    if (typeof text !== 'string') return -1;
    const cut = pageText(text, max);
    let i = this.index.get(cut);
    if (i === undefined) {
      i = this.texts.length;
      this.texts.push(cut);
      this.index.set(cut, i);
    }
    return i;
  }
}

/**
 * The page's data the old way, as one JSON text: every suite's cases made with the reference
 * table, then `{text, strings, suites}` written at once — what the page must read back from
 * its pieces.
 */
function referenceData(input: ReportInput): string {
  const language = input.language ?? 'en';
  const table = new ReferenceTable();
  const suites = input.comparisons.map((c) =>
    pageSuite(c, input.results.get(c.name), input.baselines?.get(c.name) ?? null, table, language),
  );
  return JSON.stringify({ text: viewMessagesFor(language).client, strings: table.texts, suites });
}

/** The data block read as the page reads it (its pieces joined), as JSON text to compare with `referenceData`. */
function readBack(data: string): string {
  return JSON.stringify(readPageData(JSON.parse(data) as WrittenPageData));
}

/** The data block read as the page reads it. */
function pageData(html: string): PageData {
  return readPageData(JSON.parse(split(html).data) as WrittenPageData);
}

/** The text of the page's JSON data block, and the page without it. */
function split(html: string): { data: string; rest: string } {
  const m = /<script type="application\/json" id="evalgate-data">([\s\S]*?)<\/script>/.exec(html);
  assert.ok(m, 'the page has its data block');
  return { data: m[1] as string, rest: html.replace(m[0], '') };
}

describe('report.html', () => {
  const { html } = hostileReport();

  it('keeps hostile text inert: two script blocks, no comment, no event handler, no link but its own', () => {
    assert.equal(html.match(/<script\b/gi)?.length, 2, 'the data block and the page script, nothing injected');
    assert.equal(html.match(/<\/script/gi)?.length, 2);
    assert.equal(html.match(/<style\b/gi)?.length, 1);
    assert.ok(!html.includes('<!--'), 'no comment can open');
    assert.ok(!/<img\b/i.test(html));
    // Every `<` of text is escaped, so each tag left is one of ours: none has a handler or a style.
    const attributes = [...html.matchAll(/<[a-zA-Z][^>]*>/g)].flatMap((t) =>
      [...(t[0] as string).matchAll(/\s([a-zA-Z-:]+)=/g)].map((a) => (a[1] as string).toLowerCase()),
    );
    assert.ok(attributes.length > 50);
    assert.ok(!attributes.some((a) => a.startsWith('on') || a === 'style' || a === 'src'), attributes.join(' '));
    assert.ok(!html.includes('\u202e'), 'bidi overrides never reach the page');
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    assert.ok(hrefs.length > 0 && hrefs.every((h) => /^#suite-\d+$/.test(h as string)), hrefs.join(' '));
    assert.ok(!/(?:href|src|action)="?\s*javascript:/i.test(html), 'no javascript: URL in an attribute');
  });

  it('shows hostile text as text in the markup (escaped, not dropped)', () => {
    const { rest } = split(html);
    assert.ok(rest.includes('&lt;/script&gt;&lt;script&gt;window.__pwned=1'), 'the model name, escaped');
    assert.ok(rest.includes('&quot; onmouseover=&quot;'), 'attribute breaking is escaped');
    assert.ok(rest.includes('message <strong>bold</strong>'), "our own message's marks render");
    assert.ok(!rest.includes('<strong>bold</strong> </script'), 'and only ours');
  });

  it('carries the data as JSON that no closing tag, comment or line separator can bend, and reads back whole', () => {
    const { data } = split(html);
    assert.ok(!/[<>&\u2028\u2029]/.test(data), 'escaped as JSON \\u sequences');
    const parsed = readPageData(JSON.parse(data) as WrittenPageData);
    const reply = parsed.strings.find((s) => s.includes('window.__pwned=1')) ?? '';
    assert.ok(reply.includes('</script><script>window.__pwned=1</script><!--'), 'the text survives intact');
    assert.ok(!reply.includes('\u202e'), 'bidi overrides are replaced');
    const suite = parsed.suites[0] as PageSuite;
    assert.equal(suite.cases.length, 30);
    assert.equal(suite.cases.filter((c) => c.s === 'regressed').length, 10, 'cases 0, 3, … 27');
    assert.deepEqual(suite.cases.find((c) => c.x)?.x?.[0]?.slice(0, 3), [0, 'http', 500]);
  });

  it('admits exactly its own script and style by hash, and nothing from the network', () => {
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
    const sha = (t: string): string => `'sha256-${createHash('sha256').update(t, 'utf8').digest('base64')}'`;
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    assert.equal(script, REPORT_SCRIPT);
    assert.match(csp, /^default-src 'none'; /);
    assert.ok(csp.includes(`script-src ${sha(script)}`), csp);
    assert.ok(csp.includes(`style-src ${sha(style)}`), csp);
    assert.ok(!csp.includes('unsafe'));
    // The policy must come before anything it governs.
    assert.ok(html.indexOf('Content-Security-Policy') < html.indexOf('<style>'));
  });

  it("never turns data into markup in the page's script", () => {
    for (const sink of [
      'innerHTML',
      'outerHTML',
      'insertAdjacentHTML',
      'document.write',
      'eval(',
      'Function(',
      'srcdoc',
    ])
      assert.ok(!REPORT_SCRIPT.includes(sink), sink);
  });

  it('is written in Japanese when asked', () => {
    const ja = hostileReport('ja').html;
    assert.match(ja, /<html lang="ja">/);
    assert.ok(ja.includes('低下'), 'verdict and filters in Japanese');
    assert.ok(JSON.parse(split(ja).data).text.filters.regressed === '低下');
  });

  it('escapes values inside our messages without letting them form marks', () => {
    assert.equal(escapeHtml(`<a href="x">'&`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;');
    assert.equal(
      markupHtml((h) => `**Bold** \`baselines/${h('**x**`<b>`')}.json\``),
      '<strong>Bold</strong> <code>baselines/**x**`&lt;b&gt;`.json</code>',
    );
    assert.equal(jsonForScript({ a: '</script>\u2028' }), '{"a":"\\u003c/script\\u003e\\u2028"}');
  });
});

describe('report.html and junit.xml written piece by piece', () => {
  it('are on disk what the whole page and document would be, through several writes, data block included', async () => {
    // More than one write batch (1 MiB) of page: every suite and case crosses a piece boundary somewhere.
    const alpha = syntheticPair({
      n: 1500,
      fails: (i) => i % 4 === 0,
      errors: (i) => i % 9 === 2,
      inject: HOSTILE,
      suite: 'alpha',
      freeTextWords: 30,
    });
    const beta = syntheticPair({ n: 400, fails: (i) => i % 3 === 0, suite: 'beta' });
    const dir = await mkdtemp(join(tmpdir(), 'evalgate-pieces-'));
    try {
      const pairs = [alpha, beta].map((p) => ({ baseline: p.baseline, candidate: p.candidate }));
      const notRun = [{ name: 'gamma', reason: 'unchanged' }];
      const outcome = await compareStored(
        pairs,
        () => ({ ...DEFAULT_GATE, resamples: 500 }),
        { store: createFsRunStore(dir, join(dir, 'baselines')), toolVersion: 'test' },
        notRun,
      );
      const html = await readFile(join(dir, 'report.html'), 'utf8');
      assert.ok(html.length > 2 * (1 << 20), `${html.length} characters: several writes`);
      const input = {
        verdict: outcome.summary.verdict,
        comparisons: outcome.comparisons,
        results: outcome.results,
        baselines: new Map(pairs.map((p) => [p.candidate.suite.name, p.baseline])),
        notRun,
        language: 'en' as const,
        notices: {},
        baselinesWritten: [],
      };
      assert.equal(html, renderHtmlReport(input, 'test'));
      // Read back, the data block is the whole data as one JSON.stringify of it, texts numbered by a Map, would write it.
      assert.equal(readBack(split(html).data), referenceData(input));
      assert.deepEqual(
        pageData(html).suites.map((s) => s.cases.length),
        [1500, 400],
      );

      const xml = await readFile(join(dir, 'junit.xml'), 'utf8');
      assert.equal(xml, renderJunit({ comparisons: outcome.comparisons, results: outcome.results, notRun }));
      const root = parseXml(xml);
      assert.deepEqual(
        root.children.map((s) => [s.attributes['name'], s.children.filter((c) => c.name === 'testcase').length]),
        [
          ['alpha', 1501],
          ['beta', 401],
          ['gamma', 1],
        ],
      );
      assert.equal(root.attributes['tests'], String(1501 + 401 + 1));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("report.html's text table", () => {
  it('numbers each distinct text once, in the order first seen, and gives each to be written once', () => {
    const table = new TextTable();
    assert.equal(table.add('the same reply', 100), 0);
    assert.equal(table.add('another', 100), 1);
    assert.equal(table.add('the same reply', 100), 0);
    assert.equal(table.add(null, 100), -1, 'no text');
    assert.equal(table.add(undefined, 100), -1);
    assert.deepEqual(table.takeNew(), ['the same reply', 'another']);
    assert.equal(table.add('another', 100), 1, 'known after it was written');
    assert.equal(table.add(`the same reply${'!'.repeat(50)}`, 14), 2, 'cut texts carry how much was cut');
    assert.equal(table.add(`the same reply${'?'.repeat(50)}`, 14), 2, 'the same once cut');
    assert.deepEqual(table.takeNew(), ['the same reply… [50 more characters]']);
    assert.deepEqual(table.takeNew(), []);
    assert.equal(table.size, 3);
  });

  it('tells apart texts that differ in length, astral characters, separators or lone surrogates, as a Map of the texts does', () => {
    const tricky = [
      '',
      'a',
      'aa',
      'a'.repeat(9000),
      'a'.repeat(9001),
      '😀',
      '😀😀',
      '\uD83D',
      '\uDE00',
      '\uDE00\uD83D',
      '\uFFFD',
      '?',
      '\u2028',
      '\u2029',
      'line\u2028break',
      'line\u2029break',
      'line\nbreak',
      'é',
      'e\u0301',
      '\u0100',
      '\u0001',
      '</script>',
    ];
    // Enough texts that the table grows several times and its keys take two blocks, each added twice.
    const many = Array.from({ length: 5000 }, (_, i) => `reply ${i % 2 === 0 ? '😀' : ''}${i.toString(36)}`);
    const texts = [...tricky, ...many, ...tricky.slice().reverse(), ...many.slice().reverse()];
    const table = new TextTable();
    const reference = new ReferenceTable();
    const written: string[] = [];
    for (const t of texts) {
      assert.equal(table.add(t, 20000), reference.add(t, 20000), JSON.stringify(t.slice(0, 20)));
      written.push(...table.takeNew());
    }
    assert.deepEqual(written, reference.texts);
    assert.equal(table.size, reference.texts.length);
    const at = (t: string): number => table.add(t, 20000);
    assert.notEqual(at('\uD83D'), at('\uFFFD'), 'a lone surrogate is not U+FFFD (their UTF-8 would be)');
    assert.notEqual(at('\u2028'), at('\u2029'));
    assert.notEqual(at('a'.repeat(9000)), at('a'.repeat(9001)));
    assert.equal(at('😀'), tricky.indexOf('😀'));
  });

  it('marks a case failed when it fails any pass/fail metric on any repeat, primary or not, whichever way the metric points', () => {
    // Two pass/fail metrics besides the primary one (one where lower is better) and a score
    // that is not pass/fail; a case's repeats are averaged before the check.
    const metrics = {
      'exact-match': { binary: true },
      'answer-inclusion': { binary: true },
      refused: { binary: true, higherIsBetter: false },
      'edit-distance': { binary: false, higherIsBetter: false },
    };
    const good = { 'exact-match': 1, 'answer-inclusion': 1, refused: 0, 'edit-distance': 5 };
    const rows: Row[] = [
      { id: 'a-pass', scores: good },
      { id: 'b-primary', scores: { ...good, 'exact-match': 0 } },
      { id: 'c-second', scores: { ...good, 'answer-inclusion': 0 } },
      { id: 'd-lower-better', scores: { ...good, refused: 1 } },
      { id: 'e-one-repeat', scores: good },
      { id: 'e-one-repeat', repeat: 1, scores: { ...good, 'answer-inclusion': 0 } },
      { id: 'f-not-pass-fail', scores: { ...good, 'edit-distance': 90 } },
      { id: 'g-error', error: 'boom' },
    ];
    const baseline = resultFrom(
      's',
      rows.map((r) => ({ id: r.id, repeat: r.repeat ?? 0, scores: good })),
      metrics,
    );
    const candidate = resultFrom('s', rows, metrics);
    const comparison = compareWithBaseline(baseline, candidate, { ...DEFAULT_GATE, resamples: 200 });
    const page = pageSuite(comparison, candidate, baseline, new TextTable(), 'en');
    const failed = page.cases.filter((c) => c.f === 1).map((c) => c.id);
    assert.deepEqual(failed, ['b-primary', 'c-second', 'd-lower-better', 'e-one-repeat']);
    assert.equal(page.passFail, true);
  });

  it('writes the page of suites with no cases and with no result as the old way did', () => {
    const { baseline, candidate } = syntheticPair({ n: 12, fails: (i) => i % 4 === 0, inject: HOSTILE });
    // Every reply twice: the candidate's equals the baseline's for most cases.
    const comparison = compareWithBaseline(baseline, candidate, { ...DEFAULT_GATE, resamples: 200 });
    const emptyBase = { ...baseline, suite: { ...baseline.suite, name: 'empty' }, records: [] };
    const emptyCand = { ...candidate, suite: { ...candidate.suite, name: 'empty' }, records: [] };
    const empty = compareWithBaseline(emptyBase, emptyCand, { ...DEFAULT_GATE, resamples: 200 });
    const missing = { ...empty, name: 'missing' };
    const input: ReportInput = {
      verdict: comparison.verdict,
      comparisons: [empty, comparison, missing, { ...comparison, name: 'again' }],
      results: new Map([
        ['copy', candidate],
        ['empty', emptyCand],
        ['again', candidate],
      ]),
      baselines: new Map([
        ['copy', baseline],
        ['empty', emptyBase],
        ['again', baseline],
      ]),
      language: 'en',
    };
    const html = renderHtmlReport(input, 'test');
    const { data } = split(html);
    assert.equal(readBack(data), referenceData(input));
    const parsed = pageData(html);
    assert.deepEqual(
      parsed.suites.map((s) => [s.name, s.cases.length]),
      [
        ['empty', 0],
        ['copy', 12],
        ['missing', 0],
        ['again', 12],
      ],
    );
    assert.equal(new Set(parsed.strings).size, parsed.strings.length, 'each text once');
    const [, first, , second] = parsed.suites as PageSuite[];
    assert.deepEqual(second?.cases, first?.cases, 'the suite shown again names the same texts');
  });
});

describe("report.html's data in pieces", () => {
  /** Text indexes a case points at. */
  const textsOf = (c: PageCase): number[] =>
    [
      c.q,
      c.e,
      c.rb,
      c.rc,
      ...(c.x ?? []).map((x) => x[3]),
      ...[...(c.kb ?? []), ...(c.kc ?? [])].flatMap((k) => [k[0], k[1]]),
    ].filter((i) => i >= 0);

  it('carries each text in the piece whose cases first use it, keeps hostile text inert at every boundary, and reads back as the old whole data', () => {
    // Every question, candidate reply and error message ends in hostile text (a closing tag, a
    // comment, line separators, lone surrogates), so each boundary between pieces has some on both sides.
    const inject = `${HOSTILE} \uD800 x\uDFFF <!-- \u2028`;
    const n = 2 * CASES_PER_PIECE + 37;
    const { baseline, candidate } = syntheticPair({
      n,
      fails: (i) => i % 5 === 0,
      errors: (i) => i % 11 === 3,
      inject,
    });
    const comparison = compareWithBaseline(baseline, candidate, { ...DEFAULT_GATE, resamples: 200 });
    const input: ReportInput = {
      verdict: comparison.verdict,
      comparisons: [comparison],
      results: new Map([['copy', candidate]]),
      baselines: new Map([['copy', baseline]]),
      language: 'en',
    };
    const html = renderHtmlReport(input, 'test');
    assert.equal(html.match(/<\/script/gi)?.length, 2, 'the data block and the page script end once each');
    assert.ok(!html.includes('<!--'));
    const { data } = split(html);
    assert.ok(!/[<>&\u2028\u2029]/.test(data), 'escaped as JSON \\u sequences');
    assert.ok(
      !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(data),
      'no lone surrogate',
    );
    const written = JSON.parse(data) as WrittenPageData;
    assert.deepEqual(
      written.pieces.map((p) => [p.suite, p.cases.length]),
      [
        [0, CASES_PER_PIECE],
        [0, CASES_PER_PIECE],
        [0, 37],
      ],
    );
    let numbered = 0;
    for (const [k, piece] of written.pieces.entries()) {
      const first = numbered;
      numbered += piece.strings.length;
      const used = new Set(piece.cases.flatMap(textsOf));
      assert.ok(
        [...used].every((i) => i < numbered),
        `piece ${k}: its cases use only texts written before them`,
      );
      for (let i = first; i < numbered; i++) assert.ok(used.has(i), `piece ${k}: text ${i} is first used here`);
    }
    assert.equal(readBack(data), referenceData(input));
    const back = pageData(html);
    assert.ok(back.strings.some((t) => t.includes('</script><script>window.__pwned=1</script><!--')));
    assert.equal(back.suites[0]?.cases.length, n);
  });

  it('reads back the same whatever the size of its pieces, across suites and with a suite of no cases', () => {
    const a = syntheticPair({ n: 40, fails: (i) => i % 3 === 0, errors: (i) => i === 7, inject: HOSTILE, suite: 'a' });
    const b = syntheticPair({ n: 9, fails: (i) => i % 2 === 0, suite: 'b' });
    const ca = compareWithBaseline(a.baseline, a.candidate, { ...DEFAULT_GATE, resamples: 200 });
    const cb = compareWithBaseline(b.baseline, b.candidate, { ...DEFAULT_GATE, resamples: 200 });
    const input: ReportInput = {
      verdict: ca.verdict,
      comparisons: [ca, { ...cb, name: 'missing' }, cb],
      results: new Map([
        ['a', a.candidate],
        ['b', b.candidate],
      ]),
      baselines: new Map([
        ['a', a.baseline],
        ['b', b.baseline],
      ]),
      language: 'en',
    };
    const reference = referenceData(input);
    const text = viewMessagesFor('en').client;
    for (const size of [1, 2, 7, 40, 1000]) {
      const data = [...pageDataChunks(text, input, 'en', size)].join('');
      const written = JSON.parse(data) as WrittenPageData;
      assert.ok(
        written.pieces.every((p) => p.cases.length <= size && p.cases.length > 0),
        `pieces of at most ${size} cases`,
      );
      assert.deepEqual(
        written.pieces.map((p) => p.suite).filter((s, i, all) => all.indexOf(s) === i),
        [0, 2],
        'no piece for the suite without a result',
      );
      assert.equal(readBack(data), reference, `pieces of ${size}`);
    }
  });

  it('is read in the page by the same function (its own source, self-contained)', () => {
    assert.ok(REPORT_SCRIPT.includes(`var readPageData = (${readPageData.toString()});`));
    const fromSource = new Function(`return (${readPageData.toString()})`)() as typeof readPageData;
    const written: WrittenPageData = {
      text: viewMessagesFor('en').client,
      pieces: [
        { suite: 1, strings: ['a', 'b'], cases: [] },
        { suite: 0, strings: ['c'], cases: [{ id: 'x' } as PageCase] },
      ],
      suites: [
        { name: 's', metric: 'm', passFail: false },
        { name: 't', metric: 'm', passFail: true },
      ],
    };
    assert.deepEqual(fromSource(written), readPageData(written));
    assert.deepEqual(readPageData(written).strings, ['a', 'b', 'c']);
  });
});

describe('the word diff of report.html', () => {
  const show = (a: string, b: string, max = 100): string[] | null => {
    const d = diffWords(a, b, max);
    return d
      ? [d.a.map(([t, c]) => (c ? `[-${t}-]` : t)).join(''), d.b.map(([t, c]) => (c ? `{+${t}+}` : t)).join('')]
      : null;
  };

  it('marks the words that differ, and only those', () => {
    assert.deepEqual(show('the quick brown fox jumps', 'the slow brown fox leaps high'), [
      'the [-quick-] brown fox [-jumps-]',
      'the {+slow+} brown fox {+leaps high+}',
    ]);
    assert.deepEqual(show('same text', 'same text'), ['same text', 'same text']);
    assert.deepEqual(show('', 'new'), ['', '{+new+}']);
  });

  it('finds words in Japanese, which has no spaces', () => {
    assert.deepEqual(show('東京は日本の首都です。', '大阪は日本の都市です。'), [
      '[-東京-]は日本の[-首都-]です。',
      '{+大阪+}は日本の{+都市+}です。',
    ]);
  });

  it('gives up (null) past its edit budget instead of running long', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `a${i}`).join(' ');
    const b = Array.from({ length: 3000 }, (_, i) => `b${i}`).join(' ');
    assert.equal(diffWords(a, b, 1500), null);
  });

  it('is the same function in the page (its own source, self-contained)', () => {
    const fromSource = new Function(`return (${diffWords.toString()})`)() as typeof diffWords;
    assert.deepEqual(fromSource('one two three', 'one 2 three', 10), diffWords('one two three', 'one 2 three', 10));
    assert.ok(REPORT_SCRIPT.includes(diffWords.toString()));
  });
});

describe('the pointer to report.html in the comment', () => {
  it('sits at the end of the head, which fitting under the limit never cuts', () => {
    const report = `## evalgate\n\nheadline\n\n| table |\n${`\n### suite\n\n${'long section '.repeat(60)}`.repeat(3)}\n`;
    const withPointer = withHtmlPointer(
      report,
      'evalgate-report',
      { id: 7, url: 'https://github.com/o/r/actions/runs/7' },
      'en',
    );
    assert.match(
      withPointer,
      /\| table \|\n\n📄 .*`report\.html` in the artifact `evalgate-report` of \[workflow run 7\]\(https:\/\/github\.com\/o\/r\/actions\/runs\/7\)/,
    );
    const cut = fitReport(withPointer, 'en', withPointer.indexOf('\n### ') + 300);
    assert.ok(cut.includes('`report.html`') && !cut.includes('long section'), cut);
    assert.match(withHtmlPointer(report, 'a`b', null, 'ja'), /アーティファクト ``a`b`` の `report\.html`/);
  });
});
