/**
 * The round-trip pipeline (docs/design/spec.md §1.1). One case × repeat walks the loop
 *
 *   cycle i:  p_i = F_code(n_i);  stop unless V_code(p_i);  n_{i+1} = F_text(p_i);  stop unless V_text(n_{i+1})
 *
 * and its L2-Score is the number of cycles that passed both checks, 0 … cycles. Every stop
 * has a stage. A provider failure or a sandbox that cannot start is an error of the
 * machinery: the record is an `error`, never a score (resuming reruns it; the response
 * cache makes the cycles already answered free).
 */
import type { Cases } from '../../datasets/case-columns.ts';
import type { CodeRunner, CodeRunResult, ModelClient, ModelReply, ModelRequest, TokenUsage } from '../../../ports.ts';
import type { ProviderConfig } from '../../config/common.ts';
import { ROUND_TRIP, type RoundTripSuiteConfig } from './config.ts';
import { hashValue, sha256Hex } from '../../hash.ts';
import { pricingFor } from '../../pricing.ts';
import type { PreparedSuite } from '../../run-suite.ts';
import type { Template } from '../../templates.ts';
import type { CaseRecord, EvalCase, InstrumentIdentity } from '../../types.ts';
import { chatRequest, replyRecord, testedIdentity } from '../requests.ts';
import { checkDescription, DEFAULT_PREFIXES, readCode } from './text.ts';

/** Placeholders of the nl-to-code template. */
export const NL_TO_CODE_PLACEHOLDERS = ['description', 'entry_point'] as const;
/** Placeholders of the code-to-nl template. */
export const CODE_TO_NL_PLACEHOLDERS = ['code', 'entry_point'] as const;

/** Bump when the loop, the checks or the counting change what a score means. */
export const ROUND_TRIP_SCORING_VERSION = 'round-trip/1';

/** Where a walk ended: `completed`, or the stage of the check that stopped it. */
export type RoundTripStage =
  | 'completed'
  | 'syntax-error'
  | 'test-failure'
  | 'timeout'
  | 'sandbox-violation'
  | 'tampering'
  | 'declared-unable'
  | 'format-error'
  | 'language-error'
  | 'provider-error';

/** Model stop stages, in the order reports list them (provider-error is machinery). */
export const STOP_STAGES: readonly RoundTripStage[] = [
  'syntax-error',
  'test-failure',
  'timeout',
  'sandbox-violation',
  'tampering',
  'declared-unable',
  'format-error',
  'language-error',
  'provider-error',
];

/** One cycle as it happened (texts capped for the result file). */
export interface CycleDetail {
  cycle: number;
  code: string;
  codeStage: CodeRunResult['stage'] | 'not-run';
  codeMessage: string;
  /** The sandbox result was reused from identical code and tests earlier in this run. */
  reused?: boolean;
  durationMs?: number;
  description?: string;
  textCheck?: { ok: boolean; message?: string; share: number | null };
}

/** What a round-trip record keeps in `detail`. */
export interface RoundTripDetail {
  stage: RoundTripStage;
  /** The cycle the walk stopped in (null when it completed). */
  stoppedAt: number | null;
  message: string;
  cycles: CycleDetail[];
  executor: string;
  isolated: boolean;
  /** The sandbox layers this machine lacked (ids; the report's sandbox line names them). */
  sandboxMissing?: string[];
}

/** What the round-trip pipeline needs, already loaded. */
export interface RoundTripInputs {
  suite: RoundTripSuiteConfig;
  provider: ProviderConfig;
  client: ModelClient;
  /** The executor, created on first use (plan and validate never start one). */
  runner: () => CodeRunner;
  cases: Cases;
  dataset: { path: string; sha256: string };
  templates: { 'nl-to-code': Template; 'code-to-nl': Template };
}

const MAX_KEPT = 6000;
const keep = (text: string): string =>
  text.length > MAX_KEPT ? `${text.slice(0, MAX_KEPT)}… [${text.length - MAX_KEPT} more characters]` : text;

/** The instrument: cycles, the text checks and the executor decide what a score means. */
export function roundTripInstrument(suite: RoundTripSuiteConfig): InstrumentIdentity {
  const body = {
    scoringVersion: ROUND_TRIP_SCORING_VERSION,
    primaryMetric: 'l2-score',
    metrics: [
      { name: 'l2-score', binary: false, higherIsBetter: true },
      { name: 'full-success', binary: true, higherIsBetter: true },
    ],
    settings: {
      cycles: suite.cycles,
      language: suite.language,
      prefix: suite.prefix ?? DEFAULT_PREFIXES[suite.language],
      'language-threshold': suite['language-threshold'],
      executor: suite.executor,
      'timeout-ms': suite['timeout-ms'],
    },
  };
  return { ...body, hash: hashValue(body) };
}

/** Prepares a round-trip suite to run. */
export function prepareRoundTripSuite(inputs: RoundTripInputs): PreparedSuite {
  const { suite, provider, client, cases, templates } = inputs;
  const tested = testedIdentity({
    dataset: inputs.dataset,
    cases: cases.length,
    templates,
    provider,
    repeats: suite.repeats,
  });
  const instrument = roundTripInstrument(suite);
  const prefix = suite.prefix ?? DEFAULT_PREFIXES[suite.language];
  // Identical code with identical tests gives the same verdict: within a run, a verdict
  // that does not depend on timing is reused (a model at a fixed point writes the same
  // code every cycle). Timeouts and sandbox violations are always run again.
  const verdicts = new Map<string, Promise<CodeRunResult>>();

  // Each template is the one user message; the call key keeps the cycles' calls apart.
  const request = (template: Template, values: Record<string, string>, repeat: number, key: string): ModelRequest => ({
    ...chatRequest({ user: template }, values, provider, repeat),
    callKey: key,
  });

  const runCase = async (evalCase: EvalCase, repeat: number): Promise<CaseRecord> => {
    const entryPoint = evalCase.inputs['entryPoint'] ?? 'execute';
    const tests = evalCase.inputs['tests'] ?? '';
    let description = evalCase.inputs['description'] ?? '';
    const cycles: CycleDetail[] = [];
    const usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
    let hadUsage = false;
    let retries = 0;
    let calls = 0;
    let allCached = true;
    let latencyMs = 0;
    let last: Extract<ModelReply, { status: 'ok' }> | null = null;
    let firstRequest: ModelRequest | null = null;
    let runner: CodeRunner | null = null;

    const call = async (req: ModelRequest): Promise<ModelReply> => {
      firstRequest ??= req;
      const reply = await client.complete(req);
      calls += 1;
      retries += Math.max(0, (reply.trace?.attempts ?? 1) - 1);
      allCached &&= reply.trace?.cached ?? false;
      latencyMs += reply.latencyMs;
      if (reply.status === 'ok') {
        last = reply;
        if (reply.usage) {
          hadUsage = true;
          usage.inputTokens += reply.usage.inputTokens;
          usage.outputTokens += reply.usage.outputTokens;
        }
      }
      return reply;
    };

    const finish = (
      stage: RoundTripStage,
      stoppedAt: number | null,
      message: string,
      error: CaseRecord['error'] = null,
    ): CaseRecord => {
      const passed = stage === 'completed' ? suite.cycles : Math.max(0, (stoppedAt ?? 1) - 1);
      const detail: RoundTripDetail = {
        stage,
        stoppedAt,
        message,
        cycles,
        executor: runner?.name ?? suite.executor,
        isolated: runner?.isolated ?? suite.executor === 'pyodide',
      };
      const layers = runner?.layers?.();
      if (layers) detail.sandboxMissing = layers.missing.map((m) => m.layer);
      const lastReply = last as Extract<ModelReply, { status: 'ok' }> | null;
      return {
        caseId: evalCase.id,
        repeat,
        inputHash: evalCase.inputHash,
        ...(evalCase.cluster !== undefined ? { cluster: evalCase.cluster } : {}),
        status: error ? 'error' : 'scored',
        scores: error ? null : { 'l2-score': passed, 'full-success': passed === suite.cycles ? 1 : 0 },
        request: { messages: [...(firstRequest?.messages ?? [])] },
        reply: lastReply ? replyRecord(lastReply, keep(lastReply.text)) : null,
        usage: hadUsage ? usage : null,
        // `attempts` keeps its meaning for the aggregates: 1 + the retries made, 0 when the cache answered every call.
        latencyMs,
        error,
        attempts: calls > 0 && allCached ? 0 : 1 + retries,
        cached: calls > 0 && allCached,
        calls,
        detail: { ...detail },
      };
    };

    const failedCall = (
      reply: Exclude<ModelReply, { status: 'ok' }>,
      cycle: number,
      what: string,
    ): CaseRecord | null => {
      if (reply.status === 'error') {
        return finish('provider-error', cycle, `cycle ${cycle}, ${what}: ${reply.error.message}`, reply.error);
      }
      // The provider declined to answer: the model side did not do the task.
      return finish('declared-unable', cycle, `cycle ${cycle}, ${what}: the provider refused (${reply.message})`);
    };

    for (let cycle = 1; cycle <= suite.cycles; cycle++) {
      const codeReply = await call(
        request(templates['nl-to-code'], { description, entry_point: entryPoint }, repeat, `cycle ${cycle} code`),
      );
      if (codeReply.status !== 'ok') return failedCall(codeReply, cycle, 'writing code') as CaseRecord;
      const readings = readCode(codeReply.text);
      let result: CodeRunResult;
      let reused = false;
      try {
        runner ??= inputs.runner();
        const key = sha256Hex(JSON.stringify([readings.blocks, readings.fallback, tests]));
        const known = verdicts.get(key);
        if (known) {
          result = await known;
          reused = true;
        } else {
          const running = (runner as CodeRunner).run({
            solution: readings.fallback,
            candidates: readings.blocks,
            tests,
          });
          verdicts.set(key, running);
          result = await running;
          if (result.stage === 'timeout' || result.stage === 'sandbox-violation') verdicts.delete(key);
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return finish('provider-error', cycle, `cycle ${cycle}: the code runner failed: ${message}`, {
          kind: 'sandbox',
          message,
          cause: 'infrastructure',
          reason: 'sandbox-failed',
        });
      }
      const chosen =
        result.chosen !== undefined && result.chosen >= 0
          ? (readings.blocks[result.chosen] ?? readings.fallback)
          : readings.fallback;
      const detail: CycleDetail = {
        cycle,
        code: keep(chosen),
        codeStage: result.stage,
        codeMessage: keep(result.message),
        ...(reused ? { reused: true } : { durationMs: result.durationMs }),
      };
      cycles.push(detail);
      if (result.stage !== 'passed') return finish(result.stage, cycle, `cycle ${cycle}: ${result.message}`);

      const textReply = await call(
        request(templates['code-to-nl'], { code: chosen, entry_point: entryPoint }, repeat, `cycle ${cycle} text`),
      );
      if (textReply.status !== 'ok') return failedCall(textReply, cycle, 'describing the code') as CaseRecord;
      const check = checkDescription(textReply.text, suite.language, prefix, suite['language-threshold']);
      detail.description = keep(textReply.text);
      detail.textCheck = check.ok
        ? { ok: true, share: check.share }
        : { ok: false, message: check.message, share: check.share };
      if (!check.ok) return finish(check.stage, cycle, `cycle ${cycle}: ${check.message}`);
      description = textReply.text;
    }
    return finish('completed', null, `all ${suite.cycles} cycles passed`);
  };

  return {
    name: suite.name,
    kind: ROUND_TRIP,
    cases,
    repeats: suite.repeats,
    concurrency: provider.concurrency,
    tested,
    instrument,
    runCase,
    pricing: pricingFor(provider),
    // The sandbox loads while the first descriptions are turned into code; a runner that
    // cannot start is reported by the first case that needs it.
    warmUp: () => {
      try {
        inputs.runner();
      } catch {
        // reported by runCase
      }
    },
    // Up to two calls per cycle; the plan assumes every cycle runs (the most it can cost).
    plan: (evalCase, repeat) => {
      const entryPoint = evalCase.inputs['entryPoint'] ?? 'execute';
      const description = evalCase.inputs['description'] ?? '';
      const code = `def ${entryPoint}():\n${'    pass\n'.repeat(Math.max(1, Math.round(description.length / 12)))}`;
      return Array.from({ length: suite.cycles }, (_, i) => [
        {
          request: request(
            templates['nl-to-code'],
            { description, entry_point: entryPoint },
            repeat,
            `cycle ${i + 1} code`,
          ),
          expectedReply: code,
          cacheable: i === 0,
        },
        {
          request: request(templates['code-to-nl'], { code, entry_point: entryPoint }, repeat, `cycle ${i + 1} text`),
          expectedReply: description,
          cacheable: false,
        },
      ]).flat();
    },
  };
}
