/**
 * A baseline and a candidate result of a pass/fail suite built in memory, for tests and
 * benchmarks of what is made from results (report.html, history, matrix) without a run.
 * Texts are drawn from a seeded word list, so sizes are realistic and nothing repeats by
 * accident; nothing here is a model's output.
 */
import { createRandom } from '../../src/core/stats/random.ts';
import type { CaseRecord, SuiteResult } from '../../src/core/types.ts';

const WORDS =
  'the a river bakery lane opens closes on of and every morning evening train station library museum north south garden market bread coffee tea window street bridge harbour ship small large old new red blue quiet busy city village school teacher student book paper letter answer question because while after before during always never often sometimes'.split(
    ' ',
  );

/** How a pair is made. */
export interface SyntheticOptions {
  /** Cases in each result. */
  n: number;
  /** Which cases the candidate fails (its reply loses a word). */
  fails?: (i: number) => boolean;
  /** Which cases the candidate errors on (HTTP 500, no score). */
  errors?: (i: number) => boolean;
  /** Words per expected answer (the replies copy it). */
  words?: number;
  /** Replies that differ from the expected answer on both sides (free text), of about this many words. */
  freeTextWords?: number;
  /** Text put into every candidate reply, question and error (hostile-input tests). */
  inject?: string;
  suite?: string;
  model?: string;
}

function sentence(random: ReturnType<typeof createRandom>, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[random.nextUint32() % WORDS.length] as string);
  return `${out.join(' ')}.`;
}

/** A baseline that passes every case, and a candidate that fails or errors on the chosen ones. */
export function syntheticPair(options: SyntheticOptions): { baseline: SuiteResult; candidate: SuiteResult } {
  const random = createRandom(`synthetic|${options.n}|${options.words ?? 40}|${options.freeTextWords ?? 0}`);
  const cases = Array.from({ length: options.n }, (_, i) => ({
    id: `case-${String(i).padStart(5, '0')}`,
    question: `${sentence(random, 12)}${options.inject ? ` ${options.inject}` : ''}`,
    expected: sentence(random, options.words ?? 40),
    free: options.freeTextWords
      ? [sentence(random, options.freeTextWords), sentence(random, options.freeTextWords)]
      : null,
  }));
  const record = (c: (typeof cases)[number], i: number, side: 'baseline' | 'candidate'): CaseRecord => {
    const failing = side === 'candidate' && (options.fails?.(i) ?? false);
    const erroring = side === 'candidate' && (options.errors?.(i) ?? false);
    const base = (c.free ? (side === 'baseline' ? c.free[0] : c.free[1]) : c.expected) as string;
    const text = failing ? base.replace(/ \S+/, '') : base;
    return {
      caseId: c.id,
      repeat: 0,
      inputHash: `h${i}`,
      status: erroring ? 'error' : 'scored',
      scores: erroring ? null : { 'exact-match': failing ? 0 : 1 },
      request: { messages: [] },
      reply: erroring
        ? null
        : {
            text: side === 'candidate' && options.inject ? `${text} ${options.inject}` : text,
            servedModel: 'scripted',
            fingerprint: null,
            finishReason: 'stop',
          },
      usage: erroring ? null : { inputTokens: 120, outputTokens: 60 },
      latencyMs: 200 + (i % 50),
      error: erroring
        ? { kind: 'http', httpStatus: 500, message: `scripted outage${options.inject ? ` ${options.inject}` : ''}` }
        : null,
      attempts: 1,
      cached: false,
      detail: { question: c.question, expected: c.expected },
    };
  };
  const result = (side: 'baseline' | 'candidate'): SuiteResult => {
    const records = cases.map((c, i) => record(c, i, side));
    const scored = records.filter((r) => r.status === 'scored');
    return {
      schemaVersion: 1,
      tool: { name: 'evalgate', version: 'synthetic' },
      runId: `synthetic-${side}`,
      suite: { name: options.suite ?? 'copy', kind: 'exact-copy' },
      startedAt: '2026-01-01T00:00:00Z',
      finishedAt: '2026-01-01T00:01:00Z',
      tested: {
        dataset: { path: 'cases.jsonl', sha256: 'd', cases: options.n },
        templates: {},
        model: options.model ?? 'synthetic-model',
        settings: {},
        hash: side,
      },
      instrument: {
        scoringVersion: 's',
        primaryMetric: 'exact-match',
        metrics: [{ name: 'exact-match', binary: true, higherIsBetter: true }],
        settings: {},
        hash: 'i',
      },
      aggregates: {
        cases: options.n,
        records: records.length,
        scored: scored.length,
        errors: records.length - scored.length,
        refused: 0,
        metrics: { 'exact-match': scored.reduce((s, r) => s + (r.scores?.['exact-match'] ?? 0), 0) / scored.length },
        usage: { inputTokens: 120 * scored.length, outputTokens: 60 * scored.length, calls: records.length },
        cacheHits: 0,
        retries: 0,
        cost: null,
        errorSamples: [],
      },
      records,
    };
  };
  return { baseline: result('baseline'), candidate: result('candidate') };
}
