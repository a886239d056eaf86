/**
 * The judged pipeline (docs/design/spec.md §1.2): the target answers through the suite's templates; one
 * or more judges score the answer 1–5 against the reference and the task's criteria, with
 * their reasoning kept. In pairwise mode the judge compares the baseline's stored answer
 * with the candidate's, once in each order. Every judge failure — an HTTP error, a
 * refusal, a reply with no readable score even after one follow-up — makes the record an
 * error that keeps the answer; it is never a score.
 *
 * The answer is data to the judge: every judge prompt fences it (and the task and
 * reference) between delimiter lines carrying a token drawn fresh for that prompt
 * (fence.ts), and each answer is scanned for text addressed to the judge before it is
 * judged (manipulation.ts); a flagged answer keeps its score and is listed.
 */
import type { Cases } from '../../datasets/case-columns.ts';
import type { CallError, ChatMessage, ModelClient, ModelReply, ModelRequest } from '../../../ports.ts';
import type { ProviderConfig } from '../../config/common.ts';
import { JUDGED, type JudgedSuiteConfig } from './config.ts';
import { withCause } from '../../error-cause.ts';
import { hashValue } from '../../hash.ts';
import { costOf, pricingFor } from '../../pricing.ts';
import type { PreparedSuite } from '../../run-suite.ts';
import { renderTemplate, type Template } from '../../templates.ts';
import type { CaseRecord, EvalCase, InstrumentIdentity } from '../../types.ts';
import { chatRequest, recordBase, replyRecord, testedIdentity } from '../requests.ts';
import {
  extractBareNumber,
  extractFromReasoning,
  extractStructured,
  extractWinner,
  followUpPrompt,
  JUDGE_REPLY_SCHEMA,
  PAIRWISE_REPLY_SCHEMA,
  pairwiseFollowUpPrompt,
  type ExtractedScore,
} from './extract.ts';
import { drawToken, fencedValues, PLAN_TOKEN } from './fence.ts';
import { MANIPULATION_DETAIL_KEY, scanAnswer, type ScanContext } from './manipulation.ts';
import {
  CHECK_REPLY_SCHEMA,
  checkMessages,
  extractCheckVerdict,
  flaggedAfterCheck,
  MANIPULATION_CHECK_DETAIL_KEY,
  type ManipulationOpinion,
} from './manipulation-check.ts';
import type { JudgeLanguage } from './builtin-templates.ts';

/**
 * Bumped when scoring rules (extraction, aggregation, how values reach the judge) change.
 * judged/2: the task, reference and answers reach the judge fenced by a per-prompt token.
 */
export const JUDGED_SCORING_VERSION = 'judged/2';
/** Placeholders of the answer templates. */
export const ANSWER_PLACEHOLDERS = ['input'] as const;
/** Placeholders of an absolute judge template. */
export const JUDGE_PLACEHOLDERS = ['input', 'reference', 'criteria', 'answer'] as const;
/** Placeholders of a pairwise judge template. */
export const PAIRWISE_PLACEHOLDERS = ['input', 'reference', 'criteria', 'answer_a', 'answer_b'] as const;

/** One judge, ready to call. */
export interface JudgeSetup {
  name: string;
  provider: ProviderConfig;
  client: ModelClient;
}

/** One judge's verdict on one answer, kept in the record. */
export interface Judgment {
  judge: string;
  model: string;
  score: number;
  clippedFrom: number | null;
  method: ExtractedScore['method'] | 'empty-answer';
  reasoning: string;
  calls: { messages: ChatMessage[]; reply: string }[];
  /** Tokens the judge spent on this answer, and their cost (null when prices are unknown). */
  usage: JudgeUsage;
}

/** What judging one answer cost. */
export interface JudgeUsage {
  inputTokens: number;
  outputTokens: number;
  calls: number;
  cached: number;
  costUsd: number | null;
}

function addUsage(into: JudgeUsage, reply: ModelReply, judge: JudgeSetup): void {
  into.calls++;
  if (reply.trace?.cached) {
    into.cached++;
    return; // a cache hit costs nothing
  }
  if (reply.status !== 'ok' || !reply.usage) return;
  into.inputTokens += reply.usage.inputTokens;
  into.outputTokens += reply.usage.outputTokens;
  const pricing = pricingFor(judge.provider);
  into.costUsd = pricing && into.costUsd !== null ? into.costUsd + costOf(reply.usage, pricing) : null;
}

function emptyUsage(judge: JudgeSetup): JudgeUsage {
  return { inputTokens: 0, outputTokens: 0, calls: 0, cached: 0, costUsd: pricingFor(judge.provider) ? 0 : null };
}

/** One pairwise comparison by one judge (both orders). */
export interface PairJudgment {
  judge: string;
  model: string;
  /** +1 the candidate won in both orders, −1 lost in both, 0 otherwise. */
  outcome: number;
  orders: { first: 'baseline' | 'candidate'; winner: 'A' | 'B' | 'tie'; reasoning: string }[];
  usage: JudgeUsage;
}

/** What the judged pipeline needs, loaded. */
export interface JudgedInputs {
  suite: JudgedSuiteConfig;
  provider: ProviderConfig;
  client: ModelClient;
  judges: readonly JudgeSetup[];
  cases: Cases;
  dataset: { path: string; sha256: string };
  templates: { system?: Template; user: Template };
  judgeTemplate: { id: string; sha256: string; text: Template; language: 'en' | 'ja' };
  /** Pairwise mode: the baseline's answers by case id and input hash. */
  baselineAnswers: Pick<ReadonlyMap<string, { inputHash: string; text: string }>, 'get'> | null;
  /**
   * A fresh random token (16+ lowercase hex digits) for each judge prompt's delimiters,
   * from the edge: the core has no randomness of its own.
   */
  nonce: (material: string) => string;
  /** gate.manipulation-check: the scan alone, or the scan with a judge's second opinion. */
  manipulationCheck?: 'patterns' | 'judge';
}

/** The instrument: judges, judge template, mode, refusal rule, scoring version. */
export function judgedInstrument(inputs: Pick<JudgedInputs, 'suite' | 'judges' | 'judgeTemplate'>): InstrumentIdentity {
  const pairwise = inputs.suite.mode === 'pairwise';
  const body = {
    scoringVersion: JUDGED_SCORING_VERSION,
    primaryMetric: pairwise ? 'net-win' : 'score',
    metrics: pairwise
      ? [{ name: 'net-win', binary: false, higherIsBetter: true }]
      : [{ name: 'score', binary: false, higherIsBetter: true }],
    settings: {
      mode: inputs.suite.mode,
      judges: inputs.judges.map((j) => ({ model: j.provider.model, seed: j.provider.seed })),
      'judge-template': `${inputs.judgeTemplate.id} ${inputs.judgeTemplate.sha256.slice(0, 16)}`,
      refusals: inputs.suite.refusals,
    },
  };
  return { ...body, hash: hashValue(body) };
}

/** Judges one answer with one judge: structured reply, else marker, else one follow-up call. */
export async function judgeAnswer(
  judge: JudgeSetup,
  template: JudgedInputs['judgeTemplate'],
  evalCase: EvalCase,
  answer: string,
  repeat: number,
  nonce: (material: string) => string,
): Promise<Judgment | CallError> {
  if (answer.trim() === '') {
    return {
      judge: judge.name,
      model: judge.provider.model,
      score: 1,
      clippedFrom: null,
      method: 'empty-answer',
      reasoning: 'The answer is empty; an empty answer scores 1 without asking the judge.',
      calls: [],
      usage: emptyUsage(judge),
    };
  }
  const usage = emptyUsage(judge);
  const values = caseValues(evalCase);
  const token = drawToken(nonce, [values.input, values.reference, answer]);
  const messages: ChatMessage[] = [
    { role: 'user', content: renderTemplate(template.text, fencedValues(token, values, { answer })) },
  ];
  const base: Omit<ModelRequest, 'messages'> = {
    temperature: 0,
    seed: judge.provider.seed,
    maxTokens: judge.provider['max-tokens'],
    repeat,
  };
  const first = await judge.client.complete({
    ...base,
    messages,
    jsonSchema: { name: 'judgement', schema: { ...JUDGE_REPLY_SCHEMA } },
  });
  addUsage(usage, first, judge);
  if (first.status === 'error') return judgeCallError(judge, first.error);
  if (first.status === 'refused') return judgeRefused(judge, first.message);
  const calls = [{ messages, reply: first.text }];
  let extracted = extractStructured(first.text) ?? extractFromReasoning(first.text);
  if (!extracted) {
    const followMessages: ChatMessage[] = [
      ...messages,
      { role: 'assistant', content: first.text },
      { role: 'user', content: followUpPrompt(template.language) },
    ];
    const second = await judge.client.complete({ ...base, messages: followMessages });
    addUsage(usage, second, judge);
    if (second.status === 'error') return judgeCallError(judge, second.error);
    if (second.status === 'refused') return judgeRefused(judge, second.message);
    calls.push({ messages: followMessages, reply: second.text });
    extracted = extractBareNumber(second.text, first.text) ?? extractFromReasoning(second.text);
    if (extracted) extracted = { ...extracted, method: 'follow-up', reasoning: first.text };
  }
  if (!extracted) {
    return {
      kind: 'unparsable',
      message: `no score could be read from the judge's reply, even after a follow-up asking for the number: ${excerpt(first.text)}`,
      cause: 'candidate',
      reason: 'judge-no-verdict',
    };
  }
  return {
    judge: judge.name,
    model: judge.provider.model,
    score: extracted.score,
    clippedFrom: extracted.clippedFrom,
    method: extracted.method,
    reasoning: extracted.reasoning,
    calls,
    usage,
  };
}

/** Compares the baseline's and the candidate's answers with one judge, in both orders. */
async function judgePair(
  judge: JudgeSetup,
  template: JudgedInputs['judgeTemplate'],
  evalCase: EvalCase,
  baseline: string,
  candidate: string,
  repeat: number,
  nonce: (material: string) => string,
): Promise<PairJudgment | CallError> {
  const orders: PairJudgment['orders'] = [];
  const usage = emptyUsage(judge);
  for (const first of ['baseline', 'candidate'] as const) {
    const [a, b] = first === 'baseline' ? [baseline, candidate] : [candidate, baseline];
    const values = caseValues(evalCase);
    const token = drawToken(nonce, [values.input, values.reference, a, b]);
    const messages: ChatMessage[] = [
      {
        role: 'user',
        content: renderTemplate(template.text, fencedValues(token, values, { answer_a: a, answer_b: b })),
      },
    ];
    const base: Omit<ModelRequest, 'messages'> = {
      temperature: 0,
      seed: judge.provider.seed,
      maxTokens: judge.provider['max-tokens'],
      repeat,
    };
    const reply = await judge.client.complete({
      ...base,
      messages,
      jsonSchema: { name: 'pairwise_verdict', schema: { ...PAIRWISE_REPLY_SCHEMA } },
    });
    addUsage(usage, reply, judge);
    if (reply.status === 'error') return judgeCallError(judge, reply.error);
    if (reply.status === 'refused') return judgeRefused(judge, reply.message);
    let verdict = extractWinner(reply.text);
    if (!verdict) {
      const follow = await judge.client.complete({
        ...base,
        messages: [
          ...messages,
          { role: 'assistant', content: reply.text },
          { role: 'user', content: pairwiseFollowUpPrompt(template.language) },
        ],
      });
      addUsage(usage, follow, judge);
      if (follow.status !== 'ok')
        return follow.status === 'error' ? judgeCallError(judge, follow.error) : judgeRefused(judge, follow.message);
      verdict = extractWinner(follow.text, 'follow-up');
      if (verdict) verdict = { ...verdict, reasoning: reply.text };
    }
    if (!verdict)
      return {
        kind: 'unparsable',
        message: `no verdict (A, B or tie) could be read from the judge's reply: ${excerpt(reply.text)}`,
        cause: 'candidate',
        reason: 'judge-no-verdict',
      };
    orders.push({ first, winner: verdict.winner, reasoning: verdict.reasoning });
  }
  // Map each order's winner to the candidate's result, then keep only agreeing verdicts.
  const results = orders.map((o) => {
    if (o.winner === 'tie') return 0;
    const candidateIs = o.first === 'baseline' ? 'B' : 'A';
    return o.winner === candidateIs ? 1 : -1;
  });
  const outcome = results[0] === results[1] ? (results[0] as number) : 0;
  return { judge: judge.name, model: judge.provider.model, outcome, orders, usage };
}

/**
 * A judge call that failed, as the record's error. Its cause is the call's own: a judge that
 * refused the request (a 400 for what the answer made of its prompt) failed on the
 * candidate's answer, a 5xx or a timeout is the machinery's.
 */
function judgeCallError(judge: JudgeSetup, error: CallError): CallError {
  return withCause({ ...error, message: `judge ${judge.name}: ${error.message}` });
}

/** A judge that refused to grade: the answer it was shown made it refuse, so the case fails. */
function judgeRefused(judge: JudgeSetup, message: string): CallError {
  return {
    kind: 'judge-refused',
    message: `the judge (${judge.name}) refused: ${message}`,
    cause: 'candidate',
    reason: 'judge-refused',
  };
}

function caseValues(evalCase: EvalCase): { input: string; reference: string; criteria: string } {
  return {
    input: evalCase.inputs['input'] ?? '',
    reference: evalCase.inputs['reference'] ?? '',
    criteria: evalCase.inputs['criteria'] ?? '',
  };
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 160 ? `${flat.slice(0, 160)}…` : flat || '(empty reply)';
}

function isError(x: unknown): x is CallError {
  return typeof x === 'object' && x !== null && 'kind' in x && 'message' in x && !('judge' in x);
}

/** How an answer is screened for text addressed to the judge. */
export interface ScreenOptions {
  check: 'patterns' | 'judge';
  /** The judge asked for a second opinion (the suite's first), in its template's language. */
  judge: JudgeSetup | undefined;
  language: JudgeLanguage;
  nonce: (material: string) => string;
}

/**
 * Scans an answer for text addressed to the judge (manipulation.ts), skipping phrases its
 * own task or reference uses, and under `manipulation-check: judge` asks the judge for a
 * second opinion on an answer with anything found. The detail entries to add: the flagged
 * signals (`judgeManipulation`) and the opinion (`manipulationCheck`); none for a clean answer.
 */
export async function screenAnswer(
  options: ScreenOptions,
  context: ScanContext & { input: string },
  answer: string,
  repeat: number,
): Promise<Record<string, unknown>> {
  const scan = scanAnswer(answer, context);
  const found = scan.flagged.length + scan.borderline.length > 0;
  const judge = options.judge;
  const opinion =
    options.check === 'judge' && judge && found
      ? await askOpinion(options, judge, context.input, answer, scan, repeat)
      : null;
  const flagged = flaggedAfterCheck(scan, opinion);
  return {
    ...(flagged.length > 0 ? { [MANIPULATION_DETAIL_KEY]: flagged } : {}),
    ...(opinion ? { [MANIPULATION_CHECK_DETAIL_KEY]: opinion } : {}),
  };
}

async function askOpinion(
  options: ScreenOptions,
  judge: JudgeSetup,
  input: string,
  answer: string,
  scan: ReturnType<typeof scanAnswer>,
  repeat: number,
): Promise<ManipulationOpinion> {
  const usage = emptyUsage(judge);
  const base = { judge: judge.name, model: judge.provider.model, usage };
  let messages: ChatMessage[];
  try {
    messages = checkMessages(options.language, input, answer, scan, options.nonce);
  } catch (error) {
    return { ...base, verdict: null, reasoning: '', error: error instanceof Error ? error.message : String(error) };
  }
  const reply = await judge.client.complete({
    messages,
    temperature: 0,
    seed: judge.provider.seed,
    maxTokens: judge.provider['max-tokens'],
    repeat,
    jsonSchema: { name: 'manipulation_check', schema: { ...CHECK_REPLY_SCHEMA } },
  });
  addUsage(usage, reply, judge);
  if (reply.status === 'error')
    return { ...base, verdict: null, reasoning: '', error: `${reply.error.kind}: ${reply.error.message}` };
  if (reply.status === 'refused')
    return { ...base, verdict: null, reasoning: '', error: `the judge refused: ${reply.message}` };
  const verdict = extractCheckVerdict(reply.text);
  if (!verdict)
    return {
      ...base,
      verdict: null,
      reasoning: reply.text,
      error: `no verdict (yes or no) could be read: ${excerpt(reply.text)}`,
    };
  return { ...base, ...verdict };
}

/**
 * Scores an answer with every judge: the record's status, scores and detail. The answer
 * is screened first for text addressed to the judge (screenAnswer); what is found goes
 * into the detail and changes no score.
 */
export async function scoreAnswer(
  inputs: Pick<JudgedInputs, 'judges' | 'judgeTemplate' | 'baselineAnswers' | 'suite' | 'nonce' | 'manipulationCheck'>,
  evalCase: EvalCase,
  answer: string,
  repeat: number,
): Promise<Pick<CaseRecord, 'status' | 'scores' | 'error'> & { detail: Record<string, unknown> }> {
  const options: ScreenOptions = {
    check: inputs.manipulationCheck ?? 'patterns',
    judge: inputs.judges[0],
    language: inputs.judgeTemplate.language,
    nonce: inputs.nonce,
  };
  const [screened, scored] = await Promise.all([
    screenAnswer(options, caseValues(evalCase), answer, repeat),
    judgeAll(inputs, evalCase, answer, repeat),
  ]);
  return { ...scored, detail: { ...scored.detail, ...screened } };
}

async function judgeAll(
  inputs: Pick<JudgedInputs, 'judges' | 'judgeTemplate' | 'baselineAnswers' | 'suite' | 'nonce'>,
  evalCase: EvalCase,
  answer: string,
  repeat: number,
): Promise<Pick<CaseRecord, 'status' | 'scores' | 'error'> & { detail: Record<string, unknown> }> {
  if (inputs.suite.mode === 'pairwise') {
    const baseline = inputs.baselineAnswers?.get(evalCase.id);
    if (!baseline || baseline.inputHash !== evalCase.inputHash) {
      return {
        status: 'scored',
        scores: {},
        error: null,
        detail: { note: 'no baseline answer for this case: nothing to compare with' },
      };
    }
    const pairs = await Promise.all(
      inputs.judges.map((j) =>
        judgePair(j, inputs.judgeTemplate, evalCase, baseline.text, answer, repeat, inputs.nonce),
      ),
    );
    const failed = pairs.find(isError);
    if (failed)
      return {
        status: 'error',
        scores: null,
        error: failed,
        detail: { pairs: pairs.filter((p) => !isError(p)), baselineAnswer: baseline.text },
      };
    const ok = pairs as PairJudgment[];
    return {
      status: 'scored',
      scores: { 'net-win': ok.reduce((s, p) => s + p.outcome, 0) / ok.length },
      error: null,
      detail: { pairs: ok, baselineAnswer: baseline.text },
    };
  }
  const judgments = await Promise.all(
    inputs.judges.map((j) => judgeAnswer(j, inputs.judgeTemplate, evalCase, answer, repeat, inputs.nonce)),
  );
  const failed = judgments.find(isError);
  if (failed)
    return {
      status: 'error',
      scores: null,
      error: failed,
      detail: { judgments: judgments.filter((j) => !isError(j)) },
    };
  const ok = judgments as Judgment[];
  return {
    status: 'scored',
    scores: { score: ok.reduce((s, j) => s + j.score, 0) / ok.length },
    error: null,
    detail: { judgments: ok },
  };
}

/** Prepares a judged suite to run. */
export function prepareJudgedSuite(inputs: JudgedInputs): PreparedSuite {
  const { suite, provider, client, cases, templates } = inputs;
  const tested = testedIdentity({
    dataset: inputs.dataset,
    cases: cases.length,
    templates,
    provider,
    repeats: suite.repeats,
  });
  const instrument = judgedInstrument(inputs);
  const requestFor = (evalCase: EvalCase, repeat: number): ModelRequest =>
    chatRequest(templates, { input: evalCase.inputs['input'] ?? '' }, provider, repeat);

  const runCase = async (evalCase: EvalCase, repeat: number): Promise<CaseRecord> => {
    const request = requestFor(evalCase, repeat);
    const reply = await client.complete(request);
    const base = recordBase(evalCase, repeat, request, reply);
    const caseDetail = {
      question: evalCase.inputs['input'],
      expected: evalCase.inputs['reference'],
      criteria: evalCase.inputs['criteria'],
      ...(evalCase.inputs['category'] ? { category: evalCase.inputs['category'] } : {}),
    };
    if (reply.status === 'error') {
      return {
        ...base,
        status: 'error',
        scores: null,
        reply: null,
        usage: null,
        error: reply.error,
        detail: caseDetail,
      };
    }
    if (reply.status === 'refused') {
      const reply_ = {
        text: reply.message,
        servedModel: reply.servedModel,
        fingerprint: null,
        finishReason: 'content_filter',
      };
      const scores: Record<string, number> | null =
        suite.refusals === 'score-1' ? (suite.mode === 'pairwise' ? { 'net-win': -1 } : { score: 1 }) : null;
      return {
        ...base,
        status: 'refused',
        scores,
        reply: reply_,
        usage: null,
        error: null,
        detail: { ...caseDetail, refusal: reply.message, refusalTreatment: suite.refusals },
      };
    }
    const scored = await scoreAnswer(inputs, evalCase, reply.text, repeat);
    return {
      ...base,
      status: scored.status,
      scores: scored.scores,
      reply: replyRecord(reply),
      usage: reply.usage,
      error: scored.error,
      detail: { ...caseDetail, ...scored.detail },
    };
  };

  return {
    name: suite.name,
    kind: JUDGED,
    cases,
    repeats: suite.repeats,
    concurrency: provider.concurrency,
    tested,
    instrument,
    runCase,
    pricing: pricingFor(provider),
    // The target's call, then each judge's (two per judge when pairwise). Judge prompts are
    // estimated with the reference as the answer and a placeholder token of the real length;
    // their replies at max-tokens, an upper bound.
    plan: (evalCase, repeat) => [
      { request: requestFor(evalCase, repeat), expectedReply: evalCase.inputs['reference'] ?? '' },
      ...inputs.judges.flatMap((j) =>
        Array.from({ length: suite.mode === 'pairwise' ? 2 : 1 }, () => ({
          request: {
            messages: [
              {
                role: 'user' as const,
                content: renderTemplate(
                  inputs.judgeTemplate.text,
                  fencedValues(PLAN_TOKEN, caseValues(evalCase), {
                    answer: evalCase.inputs['reference'] ?? '',
                    answer_a: evalCase.inputs['reference'] ?? '',
                    answer_b: evalCase.inputs['reference'] ?? '',
                  }),
                ),
              },
            ],
            temperature: 0,
            seed: j.provider.seed,
            maxTokens: j.provider['max-tokens'],
            repeat,
          },
          pricing: pricingFor(j.provider),
          cacheable: false,
        })),
      ),
    ],
  };
}
