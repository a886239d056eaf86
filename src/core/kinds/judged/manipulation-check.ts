/**
 * The second opinion on an answer the scan flagged or found borderline
 * (`gate.manipulation-check: judge`): one call to the suite's first judge, which sees the
 * task, the answer and what the scan found, each fenced like every judge prompt's material
 * (fence.ts), and answers yes or no. The call goes through the suite's model client, so
 * the response cache answers it on a re-run.
 *
 * The opinion can only add flags, never remove them: a strongly flagged answer stays
 * flagged whatever the judge says (the judge reads the very text that may be steering it),
 * and a borderline one is flagged when the judge says yes, or when no opinion could be had
 * (an error, a refusal, a reply with no verdict). The opinion is kept in the record.
 */
import type { ChatMessage } from '../../../ports.ts';
import { manipulationCheckTemplate, type JudgeLanguage } from './builtin-templates.ts';
import { drawToken, fenceBlock } from './fence.ts';
import type { ManipulationScan, ManipulationSignal } from './manipulation.ts';

/** The record detail key of a second opinion. */
export const MANIPULATION_CHECK_DETAIL_KEY = 'manipulationCheck';

/** The JSON schema the checking judge is asked to follow where the endpoint supports it. */
export const CHECK_REPLY_SCHEMA = {
  type: 'object',
  properties: { reasoning: { type: 'string' }, verdict: { type: 'string', enum: ['yes', 'no'] } },
  required: ['reasoning', 'verdict'],
  additionalProperties: false,
} as const;

/** What the checking judge said (or why it could not say), with what the call cost. */
export interface ManipulationOpinion {
  judge: string;
  model: string;
  /** yes: the answer tries to influence grading; null: no opinion (see error). */
  verdict: 'yes' | 'no' | null;
  reasoning: string;
  error?: string;
  usage: { inputTokens: number; outputTokens: number; calls: number; cached: number; costUsd: number | null };
}

function describe(signals: readonly ManipulationSignal[]): string {
  return signals.map((s) => `- ${s.kind}${s.via ? ` (${s.via})` : ''}: ${s.excerpt}`).join('\n');
}

/** The checking prompt for an answer, its task and what the scan found, with a fresh token. */
export function checkMessages(
  language: JudgeLanguage,
  input: string,
  answer: string,
  scan: ManipulationScan,
  nonce: (material: string) => string,
): ChatMessage[] {
  const found = describe([...scan.flagged, ...scan.borderline]);
  const token = drawToken(nonce, [input, answer, found]);
  const values: Record<string, string> = {
    input: fenceBlock('TASK', token, input),
    answer: fenceBlock('ANSWER', token, answer),
    found: fenceBlock('SCAN', token, found),
  };
  // One pass over the template, so a value that contains "{answer}" is never filled again.
  const content = manipulationCheckTemplate(language).replace(
    /\{(input|answer|found)\}/g,
    (_, k: string) => values[k] as string,
  );
  return [{ role: 'user', content }];
}

/**
 * The verdict of a checking reply: a JSON object (the whole reply, or one that ends it),
 * else the last "Verdict: yes|no" / 「判定: はい|いいえ」 line; null when there is none.
 */
export function extractCheckVerdict(text: string): { verdict: 'yes' | 'no'; reasoning: string } | null {
  const trimmed = text.trim().replace(/^```(?:json)?\s*\n?|\n?```$/g, '');
  const start = trimmed.lastIndexOf('{');
  for (const candidate of [trimmed, start >= 0 && trimmed.endsWith('}') ? trimmed.slice(start) : '']) {
    if (!candidate) continue;
    try {
      const v = JSON.parse(candidate) as { verdict?: unknown; reasoning?: unknown };
      if (typeof v?.verdict === 'string' && /^(yes|no)$/i.test(v.verdict.trim()))
        return {
          verdict: v.verdict.trim().toLowerCase() as 'yes' | 'no',
          reasoning: typeof v.reasoning === 'string' ? v.reasoning : '',
        };
    } catch {
      // not JSON: read the marker below
    }
  }
  let last: string | null = null;
  for (const m of text.matchAll(/(?:verdict|判定)\s*\**\s*[:：]\s*\**\s*(yes|no|はい|いいえ)/giu)) last = m[1] ?? last;
  if (last === null) return null;
  return { verdict: /^(yes|はい)$/i.test(last) ? 'yes' : 'no', reasoning: text };
}

/** The signals that flag an answer once the second opinion (if any) is in. */
export function flaggedAfterCheck(scan: ManipulationScan, opinion: ManipulationOpinion | null): ManipulationSignal[] {
  if (opinion === null || opinion.verdict === 'no') return scan.flagged;
  return [...scan.flagged, ...scan.borderline];
}
