/**
 * `evalgate plan`: what a run would do, without calling anything — suites, calls, a token
 * estimate from the exact rendered requests, the cost estimate, and how many calls the
 * response cache would already answer.
 */
import type { ModelRequest } from '../ports.ts';
import { costOf, type Pricing } from './pricing.ts';
import type { PreparedSuite } from './run-suite.ts';

export type { PlannedCall } from './types.ts';

/** Per-suite figures of a plan. */
export interface SuitePlan {
  name: string;
  kind: string;
  model: string;
  cases: number;
  repeats: number;
  calls: number;
  cachedCalls: number | null;
  inputTokens: number;
  outputTokens: number;
  /** Upper bound on output tokens (max-tokens per call). */
  outputTokensMax: number;
  cost: number | null;
  pricingSource: string | null;
  /** Judged suites: the providers that grade, and their models. */
  judges?: { name: string; model: string }[];
}

/** Tokens per chat message beyond its content (role and separators), as OpenAI counts them. */
const MESSAGE_OVERHEAD = 4;
const REPLY_PRIMING = 3;

/** Builds the plan of a prepared suite. */
export async function planSuite(
  suite: PreparedSuite,
  model: string,
  pricing: Pricing | null,
  countTokens: (text: string) => number,
  isCached: ((request: ModelRequest) => Promise<boolean>) | null,
): Promise<SuitePlan> {
  let calls = 0;
  let cached = 0;
  let inputTokens = 0;
  let outputTokens = 0;
  let outputTokensMax = 0;
  let cost: number | null = pricing ? 0 : null;
  for (const evalCase of suite.cases) {
    for (let repeat = 0; repeat < suite.repeats; repeat++) {
      for (const call of suite.plan(evalCase, repeat)) {
        calls++;
        if (call.cacheable !== false && isCached && (await isCached(call.request))) {
          cached++;
          continue;
        }
        const input =
          REPLY_PRIMING + call.request.messages.reduce((n, m) => n + MESSAGE_OVERHEAD + countTokens(m.content), 0);
        const expected =
          call.expectedReply === undefined ? call.request.maxTokens : countTokens(call.expectedReply) + 2;
        const output = Math.min(call.request.maxTokens, expected);
        inputTokens += input;
        outputTokens += output;
        outputTokensMax += call.request.maxTokens;
        const price = call.pricing === undefined ? pricing : call.pricing;
        cost =
          cost === null || price === null ? null : cost + costOf({ inputTokens: input, outputTokens: output }, price);
      }
    }
  }
  return {
    name: suite.name,
    kind: suite.kind,
    model,
    cases: suite.cases.length,
    repeats: suite.repeats,
    calls,
    cachedCalls: isCached ? cached : null,
    inputTokens,
    outputTokens,
    outputTokensMax,
    cost,
    pricingSource: pricing?.source ?? null,
  };
}
