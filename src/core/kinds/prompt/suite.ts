/**
 * The prompt pipeline: render the suite's templates with a case's columns, ask the target
 * once per repeat, and check the reply with every assertion. A case passes when every
 * assertion passes (`pass-rate`); `weighted-score` is the weighted share of assertions
 * passed; each assertion is also a binary metric of its own (`assert:<name>`). A provider
 * failure or a python check that cannot give a verdict makes the record an `error`,
 * never a score.
 */
import type { Cases } from '../../datasets/case-columns.ts';
import { z } from 'zod';
import type { CallError, ChatMessage, CheckSession, CodeRunner, ModelClient, ModelRequest } from '../../../ports.ts';
import type { ProviderConfig } from '../../config/common.ts';
import { PROMPT, type PromptSuiteConfig } from './config.ts';
import { hashValue, sha256Hex } from '../../hash.ts';
import { pricingFor } from '../../pricing.ts';
import type { PreparedSuite } from '../../run-suite.ts';
import { renderTemplate, type Template } from '../../templates.ts';
import type { CaseRecord, EvalCase, InstrumentIdentity } from '../../types.ts';
import { recordBase, replyRecord, testedIdentity } from '../requests.ts';
import {
  judgeAnswer,
  screenAnswer,
  type JudgedInputs,
  type JudgeSetup,
  type Judgment,
  type JudgeUsage,
} from '../judged/suite.ts';
import { fencedValues, PLAN_TOKEN } from '../judged/fence.ts';
import { checkText, fillVariables, normalizeReply, type AssertionVerdict } from './assertions.ts';
import type { AssertionConfig } from './config.ts';
import { checkOutcome } from './python.ts';

/** Bump when what a prompt-suite score means changes. */
export const PROMPT_SCORING_VERSION = 'prompt/1';
/** Bump when what a python assertion's verdict means changes (part of that assertion's settings). */
export const PYTHON_CHECK_VERSION = 'python-check/2';

/** The metric of one assertion. */
export const assertionMetric = (name: string): string => `assert:${name}`;

/** The templates of a prompt suite: system, the messages between, and the user template. */
export interface PromptTemplates {
  system?: Template;
  messages: { role: ChatMessage['role']; template: Template }[];
  user: Template;
}

/** An assertion as loaded: its config, its unique name, and the file it reads (schema or check). */
export interface LoadedAssertion {
  config: AssertionConfig;
  name: string;
  file?: { path: string; sha256: string; text: string };
  /** json-schema: the compiled validator. */
  schema?: Parameters<typeof checkText>[1]['schema'];
  /** judge: the rubric's text (inline or from its file), with {variables} still in it. */
  rubric?: string;
}

/** What a `judge` assertion keeps of each judge's verdict (the reasoning included). */
export interface PromptJudgment {
  judge: string;
  model: string;
  score: number;
  method: Judgment['method'];
  reasoning: string;
  /** Tokens and calls this judge spent (summed into the suite's judge usage). */
  usage: JudgeUsage;
}

/** The reply a judge sees when a reference is not given. */
const NO_REFERENCE = '(no reference answer: grade by the notes)';

/** What a prompt record keeps in `detail`: each assertion's verdict, in config order. */
export interface PromptDetail {
  assertions: AssertionVerdict[];
  /** The sandbox layers this machine lacked when python checks ran (ids; the report's sandbox line names them). */
  sandboxMissing?: string[];
  /** Every judge verdict of the record's judge assertions, with what it cost. */
  judgments?: NonNullable<AssertionVerdict['judgments']>;
  /** Suites with judge assertions: what in the reply addressed the judge, and the second opinion. */
  judgeManipulation?: unknown;
  manipulationCheck?: unknown;
}

/** Reads a record's detail back from a result file. */
export const promptDetailSchema = z.object({
  assertions: z.array(z.object({ name: z.string(), type: z.string(), pass: z.boolean(), message: z.string() }).loose()),
});

/** What the prompt pipeline needs, already loaded. */
export interface PromptInputs {
  suite: PromptSuiteConfig;
  provider: ProviderConfig;
  client: ModelClient;
  /** The sandbox, created on first use (only when a python assertion runs). */
  runner: (timeoutMs: number) => CodeRunner;
  cases: Cases;
  dataset: { path: string; sha256: string };
  templates: PromptTemplates;
  assertions: readonly LoadedAssertion[];
  /** Judges by provider name (judge assertions), the built-in judge template per language, and the edge's token source. */
  judges: ReadonlyMap<string, JudgeSetup>;
  judgeTemplates: Readonly<Record<'en' | 'ja', JudgedInputs['judgeTemplate']>>;
  nonce: (material: string) => string;
  /** gate.manipulation-check: how replies that judge assertions grade are screened for text addressed to the judge. */
  manipulationCheck?: 'patterns' | 'judge';
}

/** The instrument: the assertions (with their files' hashes) decide what a score means. */
export function promptInstrument(
  suite: PromptSuiteConfig,
  assertions: readonly LoadedAssertion[],
  judges: ReadonlyMap<string, JudgeSetup> = new Map(),
  judgeTemplates: Partial<Record<'en' | 'ja', { id: string; sha256: string }>> = {},
): InstrumentIdentity {
  const names = assertions.map((a) => a.name);
  const secondary = suite.metric === 'pass-rate' ? 'weighted-score' : 'pass-rate';
  const body = {
    scoringVersion: PROMPT_SCORING_VERSION,
    primaryMetric: suite.metric,
    metrics: [
      { name: suite.metric, binary: suite.metric === 'pass-rate', higherIsBetter: true },
      { name: secondary, binary: secondary === 'pass-rate', higherIsBetter: true },
      ...names.map((name) => ({ name: assertionMetric(name), binary: true, higherIsBetter: true })),
    ],
    settings: {
      // Every judge of the suite, as the report's "judged by" line reads them.
      ...(judges.size > 0
        ? { judges: [...judges.values()].map((j) => ({ model: j.provider.model, seed: j.provider.seed })) }
        : {}),
      assertions: assertions.map((a) => ({
        ...a.config,
        name: a.name,
        ...(a.file ? { file: { path: a.file.path, sha256: a.file.sha256 } } : {}),
        // A python check's call that raises, hangs or misbehaves fails the case (it was an
        // error before): scores of older baselines mean something else.
        ...(a.config.type === 'python' ? { calls: PYTHON_CHECK_VERSION } : {}),
        ...(a.config.type === 'judge'
          ? {
              judges: (Array.isArray(a.config.judge) ? a.config.judge : [a.config.judge]).map((name) => ({
                model: judges.get(name)?.provider.model ?? name,
                seed: judges.get(name)?.provider.seed ?? null,
              })),
              'judge-template': `${judgeTemplates[a.config.language]?.id ?? ''} ${judgeTemplates[a.config.language]?.sha256.slice(0, 16) ?? ''}`,
            }
          : {}),
      })),
    },
  };
  return { ...body, hash: hashValue(body) };
}

/** The chat messages of a case. */
export function promptMessages(templates: PromptTemplates, vars: Readonly<Record<string, string>>): ChatMessage[] {
  const out: ChatMessage[] = [];
  if (templates.system) out.push({ role: 'system', content: renderTemplate(templates.system, vars) });
  for (const m of templates.messages) out.push({ role: m.role, content: renderTemplate(m.template, vars) });
  out.push({ role: 'user', content: renderTemplate(templates.user, vars) });
  return out;
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}

/** Prepares a prompt suite to run. */
export function preparePromptSuite(inputs: PromptInputs): PreparedSuite {
  const { suite, provider, client, cases, templates, assertions } = inputs;
  const tested = testedIdentity({
    dataset: inputs.dataset,
    cases: cases.length,
    templates: {
      system: templates.system,
      ...Object.fromEntries(templates.messages.map((m, i) => [`messages[${i}]`, m.template])),
      user: templates.user,
    },
    provider,
    repeats: suite.repeats,
  });
  const instrument = promptInstrument(suite, assertions, inputs.judges, inputs.judgeTemplates);
  const requestFor = (evalCase: EvalCase, repeat: number): ModelRequest => ({
    messages: promptMessages(templates, evalCase.inputs),
    temperature: provider.temperature,
    // Repeats only differ when sampling; each repeat gets its own seed so they can.
    seed: provider.seed + repeat,
    maxTokens: provider['max-tokens'],
    repeat,
  });
  // The same check on the same reply and variables gives the same verdict: reused within a
  // run (repeats at temperature 0 send identical replies). Timeouts and sandbox violations
  // (a memory kill, evalgate stopped from outside) are always run again, as in round trips.
  const verdicts = new Map<string, Promise<ReturnType<typeof checkOutcome>>>();
  // Each check file is loaded once, in warm sandbox processes, and called on every reply.
  const sessions = new Map<string, CheckSession>();
  const sessionFor = (file: NonNullable<LoadedAssertion['file']>, timeoutMs: number): CheckSession => {
    const key = `${file.sha256}\0${timeoutMs}`;
    let session = sessions.get(key);
    if (!session) {
      const runner = inputs.runner(timeoutMs);
      if (!runner.checks) throw new Error(`the ${runner.name} executor cannot run python checks`);
      session = runner.checks(file.text, 'check');
      sessions.set(key, session);
    }
    return session;
  };

  const runPython = async (
    a: LoadedAssertion & { config: Extract<AssertionConfig, { type: 'python' }> },
    reply: string,
    vars: Readonly<Record<string, string>>,
  ): Promise<ReturnType<typeof checkOutcome>> => {
    const file = a.file as NonNullable<LoadedAssertion['file']>;
    const output = normalizeReply(reply, a.config.normalize);
    const key = sha256Hex(JSON.stringify([file.sha256, output, Object.entries(vars), a.config['timeout-ms']]));
    const known = verdicts.get(key);
    if (known) return known;
    const running = (async () => {
      const call = await sessionFor(file, a.config['timeout-ms']).call(output, vars);
      return {
        outcome: checkOutcome(call, file.path, a.config.threshold),
        again: call.kind === 'failed' && (call.stage === 'timeout' || call.stage === 'sandbox-violation'),
      };
    })().then(
      ({ outcome, again }) => {
        if (again) verdicts.delete(key);
        return outcome;
      },
      (error: unknown) => {
        verdicts.delete(key);
        throw error;
      },
    );
    verdicts.set(key, running);
    return running;
  };

  // A judge assertion: each judge scores the reply 1–5 with the judged kind's machinery
  // (fenced blocks with a fresh token, structured reply, one follow-up); a reply no score
  // can be read from is an error, never a 0.
  const runJudge = async (
    config: Extract<AssertionConfig, { type: 'judge' }>,
    rubric: string,
    evalCase: EvalCase,
    request: ModelRequest,
    answer: string,
    repeat: number,
  ): Promise<PromptJudgment[] | CallError> => {
    const task = request.messages.map((m) => `${m.role}: ${m.content}`).join('\n\n');
    const reference = config.reference !== undefined ? fillVariables(config.reference, evalCase.inputs) : NO_REFERENCE;
    const judgeCase: EvalCase = {
      ...evalCase,
      inputs: { input: task, reference, criteria: fillVariables(rubric, evalCase.inputs) },
    };
    const names = Array.isArray(config.judge) ? config.judge : [config.judge];
    const results = await Promise.all(
      names.map((name) =>
        judgeAnswer(
          inputs.judges.get(name) as JudgeSetup,
          inputs.judgeTemplates[config.language],
          judgeCase,
          answer,
          repeat,
          inputs.nonce,
        ),
      ),
    );
    const out: PromptJudgment[] = [];
    for (const r of results) {
      if (!('judge' in r)) return r;
      out.push({
        judge: r.judge,
        model: r.model,
        score: r.score,
        method: r.method,
        reasoning: r.reasoning,
        usage: r.usage,
      });
    }
    return out;
  };

  // A reply a judge assertion grades is screened like a judged suite's answer: its case's
  // columns and the assertions' references are its context (never the rendered messages:
  // the templates are the pull request's, and a phrase it writes into them must not
  // excuse the same phrase in the reply), and the first judge of the first judge
  // assertion gives the second opinion (it is shown the rendered messages as the task).
  const judgeAssertions = assertions.flatMap((a) => (a.config.type === 'judge' ? [a.config] : []));
  const firstJudge = judgeAssertions[0];
  const screenReply = async (
    evalCase: EvalCase,
    request: ModelRequest,
    text: string,
    repeat: number,
  ): Promise<Record<string, unknown>> => {
    if (!firstJudge) return {};
    const firstName = Array.isArray(firstJudge.judge) ? firstJudge.judge[0] : firstJudge.judge;
    return screenAnswer(
      {
        check: inputs.manipulationCheck ?? 'patterns',
        judge: firstName === undefined ? undefined : inputs.judges.get(firstName),
        language: firstJudge.language,
        nonce: inputs.nonce,
      },
      {
        input: request.messages.map((m) => m.content).join('\n\n'),
        exemptFrom: Object.values(evalCase.inputs).join('\n\n'),
        reference: judgeAssertions
          .flatMap((c) => (c.reference !== undefined ? [fillVariables(c.reference, evalCase.inputs)] : []))
          .join('\n\n'),
      },
      text,
      repeat,
    );
  };

  // A case whose columns do not fit the templates or assertions (one restored from the base
  // commit after a pull request renamed a column) is an error of that case, not of the run.
  const runCase = async (evalCase: EvalCase, repeat: number): Promise<CaseRecord> => {
    try {
      return await runCaseUnchecked(evalCase, repeat);
    } catch (error) {
      let messages: ChatMessage[] = [];
      try {
        messages = requestFor(evalCase, repeat).messages.slice();
      } catch {
        // the request itself could not be rendered
      }
      return {
        caseId: evalCase.id,
        repeat,
        inputHash: evalCase.inputHash,
        status: 'error',
        scores: null,
        request: { messages },
        reply: null,
        usage: null,
        latencyMs: null,
        // The templates under test cannot render this case: the candidate's doing, a failure.
        error: {
          kind: 'config',
          message: `case ${evalCase.id} (${evalCase.source.file}:${evalCase.source.line}): ${error instanceof Error ? error.message : String(error)}`,
          cause: 'candidate',
          reason: 'case-unrenderable',
        },
        attempts: 0,
        cached: false,
        detail: {},
      };
    }
  };

  const runCaseUnchecked = async (evalCase: EvalCase, repeat: number): Promise<CaseRecord> => {
    const request = requestFor(evalCase, repeat);
    const reply = await client.complete(request);
    const base = recordBase(evalCase, repeat, request, reply);
    if (reply.status === 'error')
      return { ...base, status: 'error', scores: null, reply: null, usage: null, error: reply.error, detail: {} };
    // A refusal is checked like any reply: the assertions decide whether it is acceptable.
    const text = reply.status === 'ok' ? reply.text : reply.message;
    const verdicts: AssertionVerdict[] = [];
    for (const a of assertions) {
      if (a.config.type === 'judge') {
        const judged = await runJudge(a.config, a.rubric ?? '', evalCase, request, text, repeat);
        if ('kind' in judged) {
          return {
            ...base,
            status: 'error',
            scores: null,
            reply: reply.status === 'ok' ? replyRecord(reply) : null,
            usage: reply.status === 'ok' ? reply.usage : null,
            error: { ...judged, message: `assertion ${a.name}: ${judged.message}` },
            detail: { assertions: verdicts },
          };
        }
        const mean = judged.reduce((sum, j) => sum + j.score, 0) / judged.length;
        const pass = mean >= a.config.threshold;
        verdicts.push({
          name: a.name,
          type: 'judge',
          pass,
          message: pass
            ? ''
            : `the judge${judged.length > 1 ? 's' : ''} scored ${mean} (below ${a.config.threshold}): ${excerpt(judged[0]?.reasoning ?? '')}`,
          score: mean,
          judgments: judged,
        });
        continue;
      }
      if (a.config.type !== 'python') {
        verdicts.push(
          checkText(text, {
            assertion: a.config,
            name: a.name,
            vars: evalCase.inputs,
            ...(a.schema ? { schema: a.schema } : {}),
          }),
        );
        continue;
      }
      let outcome: ReturnType<typeof checkOutcome>;
      // A check that raised, hung or misbehaved on the reply failed on the candidate's output
      // (a reply a check cannot read is no pass); a sandbox that could not run it is the machinery's.
      let sandboxFailed = false;
      try {
        outcome = await runPython(
          a as LoadedAssertion & { config: Extract<AssertionConfig, { type: 'python' }> },
          text,
          evalCase.inputs,
        );
      } catch (error) {
        sandboxFailed = true;
        outcome = {
          kind: 'error',
          message: `the sandbox failed: ${error instanceof Error ? error.message : String(error)}`,
        };
      }
      if (outcome.kind === 'error') {
        return {
          ...base,
          status: 'error',
          scores: null,
          reply: reply.status === 'ok' ? replyRecord(reply) : null,
          usage: reply.status === 'ok' ? reply.usage : null,
          error: {
            kind: 'sandbox',
            message: `assertion ${a.name}: ${outcome.message}`,
            ...(sandboxFailed
              ? { cause: 'infrastructure', reason: 'sandbox-failed' }
              : { cause: 'candidate', reason: 'check-failed' }),
          },
          detail: { assertions: verdicts },
        };
      }
      verdicts.push({
        name: a.name,
        type: 'python',
        pass: outcome.kind === 'pass',
        message: outcome.kind === 'fail' ? outcome.message : '',
      });
    }
    const totalWeight = assertions.reduce((s, a) => s + a.config.weight, 0);
    const passedWeight = assertions.reduce((s, a, i) => s + (verdicts[i]?.pass ? a.config.weight : 0), 0);
    const scores: Record<string, number> = {
      'pass-rate': verdicts.every((v) => v.pass) ? 1 : 0,
      'weighted-score': passedWeight / totalWeight,
    };
    for (const v of verdicts) scores[assertionMetric(v.name)] = v.pass ? 1 : 0;
    // Each judge call's usage at the top of the detail, where the suite's judge usage is summed.
    const judgments = verdicts.flatMap((v) => v.judgments ?? []);
    const screened = await screenReply(evalCase, request, text, repeat);
    const detail: PromptDetail = {
      assertions: verdicts,
      ...(judgments.length > 0 ? { judgments } : {}),
      ...screened,
    };
    // Python checks ran in the sandbox: the layers it lacked on this machine, for the report's sandbox line.
    const python = assertions.find((a) => a.config.type === 'python');
    if (python && python.config.type === 'python') {
      const layers = inputs.runner(python.config['timeout-ms']).layers?.();
      if (layers) detail.sandboxMissing = layers.missing.map((m) => m.layer);
    }
    if (reply.status === 'refused')
      return {
        ...base,
        status: 'refused',
        scores,
        reply: { text, servedModel: reply.servedModel, fingerprint: null, finishReason: 'content_filter' },
        usage: null,
        error: null,
        detail: { ...detail },
      };
    return {
      ...base,
      status: 'scored',
      scores,
      reply: replyRecord(reply),
      usage: reply.usage,
      error: null,
      detail: { ...detail },
    };
  };

  return {
    name: suite.name,
    kind: PROMPT,
    cases,
    repeats: suite.repeats,
    concurrency: provider.concurrency,
    tested,
    instrument,
    runCase,
    pricing: pricingFor(provider),
    // The sandbox of python assertions loads while the first replies are fetched; a runner
    // that cannot start is reported by the first case that needs it.
    warmUp: () => {
      for (const a of assertions) {
        if (a.config.type !== 'python') continue;
        try {
          inputs.runner(a.config['timeout-ms']);
        } catch {
          // reported by runCase
        }
      }
    },
    // The target call, and one call per judge of each judge assertion (its answer, unknown
    // before the run, is taken to be as long as the user message).
    plan: (evalCase, repeat) => {
      const request = requestFor(evalCase, repeat);
      const answer = request.messages.at(-1)?.content ?? '';
      return [
        { request },
        ...assertions.flatMap((a) => {
          if (a.config.type !== 'judge') return [];
          const config = a.config;
          const values = fencedValues(
            PLAN_TOKEN,
            {
              input: request.messages.map((m) => `${m.role}: ${m.content}`).join('\n\n'),
              reference:
                config.reference !== undefined ? fillVariables(config.reference, evalCase.inputs) : NO_REFERENCE,
              criteria: fillVariables(a.rubric ?? '', evalCase.inputs),
            },
            { answer },
          );
          return (Array.isArray(config.judge) ? config.judge : [config.judge]).map((name) => {
            const judge = inputs.judges.get(name) as JudgeSetup;
            return {
              request: {
                messages: [
                  {
                    role: 'user' as const,
                    content: renderTemplate(inputs.judgeTemplates[config.language].text, values),
                  },
                ],
                temperature: 0,
                seed: judge.provider.seed,
                maxTokens: judge.provider['max-tokens'],
                repeat,
              },
              pricing: pricingFor(judge.provider),
              cacheable: false,
            };
          });
        }),
      ];
    },
  };
}
