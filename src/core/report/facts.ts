/**
 * The sentences of a suite's figures that both the Markdown report and report.html show:
 * the interval, the exact test, McNemar, Holm, the power, what was compared, the verdict's
 * explanation and the usage line. They are built from numbers only (and, for the
 * explanation, from values the caller formats for its medium), so each renderer escapes
 * nothing here and renders the same words.
 */
import type { SuiteComparison } from '../compare/index.ts';
import type { SuiteResult } from '../types.ts';
import { formatMetric, formatP, formatPercent, formatSigned } from './format.ts';
import type { Messages } from './messages.ts';
import type { SuiteVerdict } from '../compare/index.ts';

/** The icon of each verdict, the same in report.md and report.html. */
export const VERDICT_ICON: Record<SuiteVerdict, string> = {
  pass: '✅',
  regression: '❌',
  'below-floor': '⛔',
  inconclusive: '⚠️',
  error: '🛑',
  'no-baseline': '🆕',
  'stale-baseline': '♻️',
};

/** The statistics of a comparison as sentences, in the order the report lists them. */
export function statisticsFacts(c: SuiteComparison, m: Messages): string[] {
  const facts: string[] = [];
  if (c.bootstrap) {
    const b = c.bootstrap;
    const f = b.statistic === 'relative' ? formatPercent : formatSigned;
    const clusters = b.units !== c.pairing?.compared;
    if (b.method === 'none') {
      facts.push(
        m.noVariation(f(b.estimate), b.units, clusters, b.resamples.toLocaleString('en-US'), hashSeed(b.seed)),
      );
    } else {
      const method = b.method === 'bca' ? 'BCa' : m.percentileFallback(b.fallbackReason ?? '');
      facts.push(
        m.interval(
          f(b.estimate),
          `${Math.round(b.confidence * 100)}%`,
          method,
          f(b.lower),
          f(b.upper),
          b.units,
          clusters,
          b.resamples.toLocaleString('en-US'),
          hashSeed(b.seed),
          f(b.standardError).replace('+', ''),
        ),
      );
    }
    if (b.skippedResamples > 0)
      facts.push(
        m.skippedResamples(
          b.skippedResamples.toLocaleString('en-US'),
          (b.resamples - b.skippedResamples).toLocaleString('en-US'),
        ),
      );
  }
  if (c.exactTest && c.exactTest.changed > 0 && (c.mcnemar === null || c.exactTest.method !== 'exact')) {
    facts.push(
      m.exactTest(
        c.exactTest.changed,
        formatP(c.exactTest.pValue),
        c.exactTest.method,
        (c.exactTest.draws ?? 0).toLocaleString('en-US'),
      ),
    );
  }
  if (c.mcnemar) facts.push(m.mcnemar(c.mcnemar.b, c.mcnemar.c, formatP(c.mcnemar.pValue)));
  if (
    c.multiplicity &&
    c.multiplicity.method === 'holm' &&
    c.multiplicity.compared > 1 &&
    c.exactTest &&
    c.exactTest.changed > 0
  ) {
    facts.push(m.holm(formatP(c.multiplicity.pAdjusted), c.multiplicity.family, c.multiplicity.compared));
  }
  if (c.power && c.bootstrap) {
    // Power is stated in the resampled unit: tasks × repeats are not independent cases.
    const relative = c.unit !== 'absolute';
    const f = (v: number): string => (relative ? formatPercent(v).replace('+', '') : formatMetric(v));
    const unit = c.power.unit;
    const level = `${Math.round(c.gate.confidence * 1000) / 10}%`;
    facts.push(
      c.power.mde > c.power.threshold
        ? m.powerLow(c.bootstrap.units, unit, f(c.power.mde), level, f(c.power.threshold), c.power.casesNeeded)
        : m.powerOk(c.bootstrap.units, unit, f(c.power.mde), level, f(c.power.threshold)),
    );
  }
  if (c.pairing) {
    const p = c.pairing;
    const n = m.notCompared;
    const extra = [
      p.added.length ? n.added(p.added.length) : '',
      p.removed.length ? n.removed(p.removed.length) : '',
      p.edited.length ? n.edited(p.edited.length) : '',
      p.withoutValidSample.length ? n.noSample(p.withoutValidSample.length) : '',
    ]
      .filter(Boolean)
      .join(n.join);
    facts.push(
      `${m.compared(p.compared, extra, c.improvedCases, c.regressedCases.length)}${p.failedByCandidate.length > 0 ? m.causes.countedAsFailures(p.failedByCandidate.length) : ''}`,
    );
  }
  return facts;
}

/** The usage line: tokens, calls, cache hits, retries, cost and time. */
export function usageLine(result: SuiteResult, m: Messages): string {
  const a = result.aggregates;
  const n = (v: number): string => v.toLocaleString('en-US');
  const extra = [a.cacheHits ? m.fromCache(n(a.cacheHits)) : '', a.retries ? m.retries(n(a.retries)) : ''].filter(
    Boolean,
  );
  const parts = [
    m.usage(
      n(a.usage.inputTokens),
      n(a.usage.outputTokens),
      n(a.usage.calls),
      extra.length ? `, ${extra.join(', ')}` : '',
    ),
  ];
  if (a.cost)
    parts.push(
      m.cost(a.cost.usd < 0.01 ? a.cost.usd.toFixed(4) : a.cost.usd.toFixed(2), m.more.pricesFrom(a.cost.source)),
    );
  const seconds = (Date.parse(result.finishedAt) - Date.parse(result.startedAt)) / 1000;
  if (Number.isFinite(seconds)) parts.push(m.time(seconds < 10 ? seconds.toFixed(1) : String(Math.round(seconds))));
  return `${parts.join(m.more.usageJoin)}${m.more.usageEnd}`;
}

/** How a renderer writes the two values of an explanation that come from the config. */
export interface ExplainFormat {
  name(name: string): string;
  stale(reasons: readonly string[]): string;
}

/** The verdict in one sentence, or '' when the comparison has no detail. */
export function explainVerdict(c: SuiteComparison, m: Messages, format: ExplainFormat): string {
  const say = c.detail ? m.explain[c.detail] : undefined;
  if (!say) return '';
  // The threshold in the change's own unit: an absolute change is gated on an absolute drop.
  const gate =
    c.unit === 'absolute' && c.threshold !== null ? formatSigned(-c.threshold) : formatPercent(-c.gate['max-drop']);
  return say(gate, {
    minCases: c.gate['min-cases'],
    changed: c.exactTest?.changed ?? 0,
    p: formatP(c.exactTest?.pValue ?? 1),
    pAdjusted: formatP(c.multiplicity?.pAdjusted ?? c.exactTest?.pValue ?? 1),
    family: c.multiplicity?.family ?? 1,
    compared: c.multiplicity?.compared ?? 1,
    failed: c.errors.counted === 'all' ? c.errors.candidate : c.errors.byCause.infrastructure.records,
    infrastructureOnly: c.errors.counted === 'infrastructure',
    total: c.errors.records,
    tolerance: formatPercent(c.errors.tolerance).replace('+', ''),
    name: format.name(c.name),
    stale: format.stale(c.stale),
  });
}

/** Seeds are long identity strings; show a short stable digest of them. */
function hashSeed(seed: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** How a renderer writes a value that may be hostile (a case id, an error message). */
export interface FactValues {
  text(value: string, max: number): string;
  code(value: string, max: number): string;
}

/** One fact of the errors section; `sample` marks a quoted error message under the fact before. */
export interface ErrorFact {
  build(values: FactValues): string;
  sample: boolean;
}

/**
 * The errors section, by cause: what the candidate caused (counted as failures), then what
 * the infrastructure caused (excluded) and whether the verdict holds with it counted.
 */
export function errorFacts(c: SuiteComparison, m: Messages): ErrorFact[] {
  const out: ErrorFact[] = [];
  const fact = (build: (values: FactValues) => string): number => out.push({ build, sample: false });
  const sample = (s: string): number => out.push({ build: (v) => v.text(s, 300), sample: true });
  const e = c.errors;
  const reasons = (r: Record<string, number>): string =>
    Object.entries(r)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([k, n]) => `${k} ×${n}`)
      .join(', ');
  const cand = e.byCause.candidate;
  if (cand.records > 0) {
    fact(() => m.causes.candidate(cand.records, e.records, cand.cases.length, reasons(cand.reasons)));
    cand.samples.forEach(sample);
  }
  const infra = e.byCause.infrastructure;
  if (infra.records > 0 || (c.detail === 'errors-over-tolerance' && e.counted === 'infrastructure')) {
    fact(() =>
      m.causes.infrastructure(
        infra.records,
        e.records,
        formatPercent(e.records === 0 ? 1 : infra.records / e.records).replace('+', ''),
        formatPercent(e.tolerance).replace('+', ''),
        reasons(infra.reasons) || '—',
      ),
    );
    infra.samples.forEach(sample);
  }
  const p = c.pessimistic;
  if (p) {
    const verdict = m.more.verdict[p.verdict];
    fact((v) =>
      c.detail === 'infrastructure-errors-decide'
        ? m.causes.wouldBe(
            verdict,
            p.cases.length,
            `${p.cases
              .slice(0, 10)
              .map((id) => v.code(id, 60))
              .join(', ')}${p.cases.length > 10 ? ', …' : ''}`,
          )
        : m.causes.holds(verdict, p.cases.length),
    );
  }
  return out;
}
