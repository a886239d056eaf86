// bench/html-report-size — how large report.html is at 10,000 cases, against the result
// files it is made from (the baseline's and the candidate's, as evalgate writes them), and
// how long rendering takes. Two shapes: copy-like replies (short, mostly equal to the
// expected answer, as exact-copy suites) and free text (every reply its own ~1,000
// characters, as judged suites). Prints figures; nothing here is a test assertion.
//
//   node bench/html-report-size.ts [cases]   (default 10,000)
import { compareWithBaseline } from '../src/core/compare/index.ts';
import { DEFAULT_GATE } from '../src/core/config/common.ts';
import { renderHtmlReport } from '../src/core/report/html.ts';
import { resultChunks } from '../src/core/result-stream.ts';
import type { SuiteResult } from '../src/core/types.ts';
import { syntheticPair, type SyntheticOptions } from '../tests/helpers/synthetic-results.ts';

const N = Number(process.argv[2] ?? 10_000);
const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');
const fileBytes = (r: SuiteResult): number => [...resultChunks(r)].reduce((n, c) => n + bytes(c), 0);
const mib = (n: number): string => `${(n / 2 ** 20).toFixed(1)} MiB`;

const shapes: { name: string; options: SyntheticOptions }[] = [
  { name: 'copy-like replies (~40 words, equal to the expected answer)', options: { n: N, words: 40 } },
  { name: 'free-text replies (~170 words, each its own)', options: { n: N, words: 20, freeTextWords: 170 } },
];
process.stdout.write(`report.html at ${N.toLocaleString('en-US')} cases; ${process.version}\n`);
for (const shape of shapes) {
  const { baseline, candidate } = syntheticPair({
    ...shape.options,
    fails: (i) => i % 10 === 0,
    errors: (i) => i % 250 === 1,
  });
  // Few resamples: the comparison is not what is measured here.
  const comparison = compareWithBaseline(baseline, candidate, { ...DEFAULT_GATE, resamples: 200 });
  const t = performance.now();
  const html = renderHtmlReport(
    {
      verdict: comparison.verdict,
      comparisons: [comparison],
      results: new Map([[comparison.name, candidate]]),
      baselines: new Map([[comparison.name, baseline]]),
    },
    'bench',
  );
  const ms = performance.now() - t;
  const page = bytes(html);
  const results = fileBytes(baseline) + fileBytes(candidate);
  process.stdout.write(
    `${shape.name}: report.html ${mib(page)} (${Math.round(page / N).toLocaleString('en-US')} bytes per case); the two result files ${mib(results)}; ratio ${(page / results).toFixed(2)}; rendered in ${(ms / 1000).toFixed(2)} s\n`,
  );
}
