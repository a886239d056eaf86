/**
 * What the report says about the replies themselves, apart from their scores: how many the
 * token limit cut (with a warning over the gate's share), how many evalgate cut to the
 * size limit, how many began with reasoning, and the reasoning tokens spent. A cut answer
 * scores badly for a reason that is not the prompt, so the reader must see it.
 */
import type { GateConfig } from '../config/common.ts';
import { ANSWERED, CUT_BY_LIMIT, CUT_BY_SIZE, REASONED, recordColumns, replyFlagsOf } from '../stored-records.ts';
import type { CaseRecord, SuiteResult } from '../types.ts';
import { inlineCode } from './sanitize.ts';
import type { Messages } from './messages.ts';

/** How many record ids a list shows before "…". */
const LISTED = 10;

/** The first LISTED of `total` record ids, and how many more. */
function listIds(ids: readonly string[], total: number): string {
  const shown = ids
    .slice(0, LISTED)
    .map((id) => inlineCode(id, 60))
    .join(', ');
  return total > LISTED ? `${shown} … (+${total - LISTED})` : shown;
}

function percent(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}

/** The report lines about a suite's replies; empty when there is nothing to say. */
export function replyFacts(result: SuiteResult, gate: Pick<GateConfig, 'max-truncated-share'>, m: Messages): string[] {
  const label = (r: { caseId: string; repeat: number }): string =>
    r.repeat > 0 ? `${r.caseId}#${r.repeat}` : r.caseId;
  // Counted from each record's reply bits (a stored result's column); only the records a
  // list names are read.
  const columns = recordColumns(result.records);
  const held = columns ? null : result.records.map(replyFlagsOf);
  const flags: Iterable<number> = columns ? columns.replyFlags : (held as number[]);
  const flagAt = (i: number): number => (columns ? columns.replyFlags.get(i) : ((held as number[])[i] as number));
  const length = columns ? columns.replyFlags.length : (held as number[]).length;
  let answered = 0;
  let reasoned = 0;
  let cut = 0;
  for (const bits of flags) {
    if (bits & ANSWERED) answered++;
    if (bits & REASONED) reasoned++;
    cut |= bits;
  }
  /** How many records have the bit, and the labels of the first LISTED (the only ones read). */
  const having = (bit: number): { count: number; shown: string[] } => {
    const shown: string[] = [];
    let count = 0;
    if ((cut & bit) === 0) return { count, shown };
    for (let i = 0; i < length; i++) {
      if ((flagAt(i) & bit) === 0) continue;
      if (count++ < LISTED) shown.push(label(result.records[i] as CaseRecord));
    }
    return { count, shown };
  };
  const out: string[] = [];
  const cutByLimit = having(CUT_BY_LIMIT);
  if (cutByLimit.count > 0) {
    out.push(m.provider.truncated(cutByLimit.count, answered, listIds(cutByLimit.shown, cutByLimit.count)));
    const share = cutByLimit.count / answered;
    const threshold = gate['max-truncated-share'] ?? 0.05;
    if (share > threshold) out.push(m.provider.truncatedWarning(percent(share), percent(threshold)));
  }
  const cutBySize = having(CUT_BY_SIZE);
  if (cutBySize.count > 0) out.push(m.provider.cut(cutBySize.count, listIds(cutBySize.shown, cutBySize.count)));
  if (reasoned > 0) out.push(m.provider.reasoning(reasoned, answered));
  const spent = result.aggregates.reasoning;
  if (spent) {
    const cost =
      spent.costUsd === null ? '' : spent.costUsd < 0.01 ? spent.costUsd.toFixed(4) : spent.costUsd.toFixed(2);
    out.push(m.provider.reasoningTokens(spent.tokens.toLocaleString('en-US'), cost));
  }
  return out;
}
