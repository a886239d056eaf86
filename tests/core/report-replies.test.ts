// What the report says about replies and providers: truncation, size cuts, reasoning,
// adaptations and a budget stop, in both report languages.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderReport } from '../../src/core/report/markdown.ts';
import { messagesFor } from '../../src/core/report/messages.ts';
import { replyFacts } from '../../src/core/report/replies.ts';
import type { CaseRecord, SuiteResult } from '../../src/core/types.ts';

function record(
  caseId: string,
  reply: Partial<NonNullable<CaseRecord['reply']>>,
  usage: CaseRecord['usage'] = null,
): CaseRecord {
  return {
    caseId,
    repeat: 0,
    inputHash: 'h',
    status: 'scored',
    scores: { 'exact-match': 1 },
    request: { messages: [] },
    reply: { text: 'x', servedModel: null, fingerprint: null, finishReason: 'stop', ...reply },
    usage,
    latencyMs: 1,
    error: null,
    attempts: 1,
    cached: false,
    detail: {},
  };
}

function resultOf(records: CaseRecord[], reasoning?: { tokens: number; costUsd: number | null }): SuiteResult {
  return { records, aggregates: { ...(reasoning ? { reasoning } : {}) } } as unknown as SuiteResult;
}

describe('reply facts in the report', () => {
  const records = [
    ...Array.from({ length: 17 }, (_, i) => record(`ok-${i}`, {})),
    record('cut-1', { finishReason: 'length' }),
    record('cut-2', { finishReason: 'length', reasoning: 'thought' }),
    record('big', { finishReason: 'size-limit', cutFromChars: 5_000_000 }),
  ];

  it('counts and lists cut replies, warns over the share, counts reasoning (en)', () => {
    const facts = replyFacts(
      resultOf(records, { tokens: 1234, costUsd: 0.5 }),
      { 'max-truncated-share': 0.05 },
      messagesFor('en'),
    );
    assert.deepEqual(facts, [
      'Cut by the token limit: 2 of 20 replies (finish_reason `length`): `cut-1`, `cut-2`. Raise `max-tokens` (or `max-completion-tokens` for a reasoning model) so answers can finish.',
      '⚠️ Warning: 10% of replies were cut by the token limit, more than 5% (gate.max-truncated-share); scores of cut answers say little about the prompt.',
      'Cut to the reply size limit (max-reply-bytes) before scoring: 1 reply: `big`.',
      '1 of 20 replies began with reasoning (a <think> block or reasoning_content); it was set aside before scoring and kept in the records.',
      'Reasoning tokens: 1,234 of the output tokens ($0.50).',
    ]);
  });

  it('does not warn at or under the share, and says nothing when there is nothing to say', () => {
    const facts = replyFacts(resultOf(records), { 'max-truncated-share': 0.1 }, messagesFor('en'));
    assert.ok(!facts.some((f) => f.includes('Warning')));
    assert.deepEqual(replyFacts(resultOf([record('a', {})]), { 'max-truncated-share': 0.05 }, messagesFor('en')), []);
  });

  it('says the same in Japanese', () => {
    const facts = replyFacts(resultOf(records), { 'max-truncated-share': 0.05 }, messagesFor('ja'));
    assert.match(facts[0] ?? '', /トークン上限で途中で切れた応答：20件中2件/);
    assert.match(facts[1] ?? '', /⚠️ 警告：応答の10%がトークン上限で切れており/);
  });

  it('names adaptations and a budget stop at the top of the report, in both languages', () => {
    const notices = {
      adaptations: [{ provider: 'target', notes: ['sent max_completion_tokens instead of max_tokens'] }],
      budgetStop: "the run's budget of 20 calls is spent",
    };
    const en = renderReport({
      verdict: 'error',
      comparisons: [],
      results: new Map(),
      notices,
      notRun: [{ name: 'later', reason: 'budget' }],
    });
    assert.match(en, /### Providers and budget/);
    assert.match(en, /\*\*Stopped by the budget\*\*: the run's budget of 20 calls is spent\./);
    assert.match(
      en,
      /Provider `target` adapted to its server: sent max\\_completion\\_tokens instead of max\\_tokens\./,
    );
    assert.match(en, /\| later \| — \| — \| — \| — \| ⏭️ not run: the budget was spent \|/);
    const ja = renderReport({ verdict: 'error', comparisons: [], results: new Map(), notices, language: 'ja' });
    assert.match(ja, /### プロバイダーと予算/);
    assert.match(ja, /\*\*予算により停止しました\*\*/);
    assert.match(ja, /プロバイダー `target` はサーバーに合わせて送信内容を調整しました/);
  });
});
