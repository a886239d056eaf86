/**
 * The data that flows through the core: cases in, records out, results stored as
 * baselines. Result files are a contract (schemaVersion); change them deliberately.
 *
 * A leaf: it imports only the port types (ports.ts, itself a leaf), so every core module
 * can depend on it without forming a cycle (the lint checks, lint/no-import-cycle.js).
 */
import type { ChatMessage, CallError, ModelRequest, TokenUsage } from '../ports.ts';

/**
 * A suite kind's name, the `kind:` of a suite in evalgate.yml. The set of names belongs to the
 * config schema (and later the kind registry); data read back only carries the name.
 */
export type SuiteKindName = string;

/** Which slice a run is. */
export interface ShardSpec {
  index: number;
  count: number;
}

/** What a shard's result says about itself. */
export interface ShardInfo extends ShardSpec {
  /** Case ids of this shard. */
  caseIds: string[];
  /** Cases in the whole suite, and a hash of all their ids and input hashes. */
  totalCases: number;
  allCasesHash: string;
}

/** Prices per million tokens and where they came from. */
export interface Pricing {
  inputPerMillion: number;
  outputPerMillion: number;
  source: string;
}

/** One call a suite would make, with a hint of its reply's size. */
export interface PlannedCall {
  request: ModelRequest;
  /** Text of about the reply's expected length, when the kind knows it. */
  expectedReply?: string;
  /** Prices of this call's provider when it is not the suite's target (a judge). */
  pricing?: Pricing | null;
  /** Whether the cache can answer it (judge calls depend on the answer, unknown before the run). */
  cacheable?: boolean;
}

/** Why a trusted field of a pull request's config was not applied to its own run. */
export type TrustedChangeKind =
  | 'endpoint'
  | 'gate'
  | 'instrument'
  | 'executor'
  | 'provider'
  | 'suite'
  /** A suite removed together with its files: nothing could run it. */
  | 'suite-gone';

/**
 * Cases whose answers addressed the grader (asked for a score, spoke to the judge, tried to
 * override its instructions), as a kind that grades with judges finds them; the gate's
 * `on-judge-manipulation` decides what they do to the verdict.
 */
export interface FlaggedCase {
  caseId: string;
  /** The repeats whose answer was flagged. */
  repeats: number[];
  /** What was found (the kind's own names for it). */
  kinds: string[];
  /** The first flagged answer's first excerpt. */
  excerpt: string;
}

/** The version of the result-file format. */
export const RESULT_SCHEMA_VERSION = 1;

/** One evaluation case, kind-specific inputs plus identity. */
export interface EvalCase {
  id: string;
  /** Hash of the case's inputs; a case pairs with its baseline only when id and this match. */
  inputHash: string;
  /** Optional resampling cluster (same source document, same task across languages). */
  cluster?: string;
  inputs: Readonly<Record<string, string>>;
  /** Where the case came from, for error messages. */
  source: { file: string; line: number };
}

/** The status of one record: scored, or an error of the machinery (never a score). */
export type RecordStatus = 'scored' | 'error' | 'refused';

/**
 * One case × repeat, as it finished. `Detail` is what the suite's kind keeps beside the
 * scores (SuiteKind.detailSchema checks it when a result file is read back); code that does
 * not know the kind sees a plain record.
 */
export interface CaseRecord<Detail = Record<string, unknown>> {
  caseId: string;
  repeat: number;
  inputHash: string;
  cluster?: string;
  status: RecordStatus;
  /** Metric values; null unless status is `scored`. */
  scores: Record<string, number> | null;
  request: { messages: ChatMessage[] };
  /**
   * The reply as scored. `finishReason` `length`: the token limit cut it; `size-limit`: evalgate
   * cut it (`cutFromChars` says from how long). `reasoning`: what the model thought aloud,
   * taken out of `text` before scoring.
   */
  reply: {
    text: string;
    servedModel: string | null;
    fingerprint: string | null;
    finishReason: string | null;
    reasoning?: string;
    cutFromChars?: number;
  } | null;
  usage: TokenUsage | null;
  latencyMs: number | null;
  error: CallError | null;
  /** Calls made for this record (0 when every reply came from the cache). */
  attempts: number;
  /** Whether the reply came from the response cache. */
  cached: boolean;
  /** Target calls behind this record when it is more than one (a round trip makes two per cycle). */
  calls?: number;
  /** Kind-specific facts a reader needs (expected answer, normalized output …). */
  detail: Detail;
}

/** What was tested: the things a pull request changes. */
export interface TestedIdentity {
  dataset: { path: string; sha256: string; cases: number };
  templates: Record<string, { path: string; sha256: string }>;
  model: string;
  settings: Record<string, unknown>;
  hash: string;
}

/** What measured it: when this differs from the baseline's, the baseline is stale. */
export interface InstrumentIdentity {
  scoringVersion: string;
  primaryMetric: string;
  /** Metric names and whether each is binary (McNemar applies). */
  metrics: { name: string; binary: boolean; higherIsBetter: boolean }[];
  /** Other settings that change what a score means (normalizers, judge, thresholds). */
  settings: Record<string, unknown>;
  hash: string;
}

/** Per-suite aggregates over valid records (case means first). */
export interface SuiteAggregates {
  cases: number;
  records: number;
  scored: number;
  errors: number;
  refused: number;
  /** Mean of case means per metric, over cases with a valid sample. */
  metrics: Record<string, number | null>;
  usage: TokenUsage & { calls: number };
  /** Records answered from the response cache, and retries made. */
  cacheHits: number;
  retries: number;
  /** USD spent on the calls this run made (cache hits cost nothing), when prices are known. */
  cost: { usd: number; source: string } | null;
  /** Judge calls of a judged suite, counted apart from the target's (absent for other kinds). */
  judgeUsage?: { inputTokens: number; outputTokens: number; calls: number; cached: number; costUsd: number | null };
  /** The first few distinct error messages, for the report. */
  errorSamples: string[];
  /** Hidden reasoning tokens among the output tokens, and their cost, when the server reported any. */
  reasoning?: { tokens: number; costUsd: number | null };
}

/** A suite's result file (`results/<suite>.json`, and a baseline). */
export interface SuiteResult {
  schemaVersion: number;
  tool: { name: 'evalgate'; version: string };
  runId: string;
  suite: { name: string; kind: SuiteKindName };
  startedAt: string;
  finishedAt: string;
  tested: TestedIdentity;
  instrument: InstrumentIdentity;
  aggregates: SuiteAggregates;
  records: CaseRecord[];
  /** Present on the partial result of a sharded run (`--shard i/n`). */
  shard?: ShardInfo;
  /** Present when the run's budget stopped the suite before every case × repeat had a record. */
  incomplete?: { reason: string; missing: number };
}
