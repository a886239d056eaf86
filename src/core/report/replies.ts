/**
 * What the report says about the replies themselves, apart from their scores: how many the
 * token limit cut (with a warning over the gate's share), how many evalgate cut to the
 * size limit, how many began with reasoning, and the reasoning tokens spent. A cut answer
 * scores badly for a reason that is not the prompt, so the reader must see it.
 */
import type { GateConfig } from '../config/common.ts';
import type { SuiteResult } from '../types.ts';
import { inlineCode } from './sanitize.ts';
import type { Messages } from './messages.ts';

/** How many record ids a list shows before "…". */
const LISTED = 10;

function listIds(ids: readonly string[]): string {
  const shown = ids
    .slice(0, LISTED)
    .map((id) => inlineCode(id, 60))
    .join(', ');
  return ids.length > LISTED ? `${shown} … (+${ids.length - LISTED})` : shown;
}

function percent(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}

/** The report lines about a suite's replies; empty when there is nothing to say. */
export function replyFacts(result: SuiteResult, gate: Pick<GateConfig, 'max-truncated-share'>, m: Messages): string[] {
  const answered = result.records.filter((r) => r.reply !== null && r.status !== 'refused');
  const label = (r: { caseId: string; repeat: number }): string =>
    r.repeat > 0 ? `${r.caseId}#${r.repeat}` : r.caseId;
  const out: string[] = [];
  const cutByLimit = answered.filter((r) => r.reply?.finishReason === 'length');
  if (cutByLimit.length > 0) {
    out.push(m.provider.truncated(cutByLimit.length, answered.length, listIds(cutByLimit.map(label))));
    const share = cutByLimit.length / answered.length;
    const threshold = gate['max-truncated-share'] ?? 0.05;
    if (share > threshold) out.push(m.provider.truncatedWarning(percent(share), percent(threshold)));
  }
  const cutBySize = answered.filter((r) => r.reply?.cutFromChars !== undefined);
  if (cutBySize.length > 0) out.push(m.provider.cut(cutBySize.length, listIds(cutBySize.map(label))));
  const reasoned = answered.filter((r) => (r.reply?.reasoning ?? '') !== '').length;
  if (reasoned > 0) out.push(m.provider.reasoning(reasoned, answered.length));
  const spent = result.aggregates.reasoning;
  if (spent) {
    const cost =
      spent.costUsd === null ? '' : spent.costUsd < 0.01 ? spent.costUsd.toFixed(4) : spent.costUsd.toFixed(2);
    out.push(m.provider.reasoningTokens(spent.tokens.toLocaleString('en-US'), cost));
  }
  return out;
}
