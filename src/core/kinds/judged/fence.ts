/**
 * Fencing what a judge grades. The answer, and the task and reference a pull request may
 * also have written, reach the judge between an opening and a closing line that carry a
 * token drawn fresh for every judge prompt (`<<<ANSWER 3f9c…>>>` … `<<<END ANSWER 3f9c…>>>`).
 * The token comes from the edge's random source, never from the text: an answer is
 * written before its token exists, so it cannot close its own block and continue as
 * instructions. The template around the blocks tells the judge what the markers mean.
 *
 * In a user's judge template `{answer}`, `{answer_a}`, `{answer_b}`, `{input}` and
 * `{reference}` expand to these blocks; `{criteria}` (the suite's grading notes, meant as
 * instructions to the judge) is inserted as written.
 */

/** The labels of fenced blocks. */
export type FenceLabel = 'TASK' | 'REFERENCE' | 'ANSWER' | 'ANSWER A' | 'ANSWER B' | 'SCAN';

/** A token: lowercase hex, at least 64 bits. */
const TOKEN = /^[0-9a-f]{16,64}$/;

/** The token used when a prompt is only counted (`evalgate plan`), never sent. */
export const PLAN_TOKEN = '0'.repeat(16);

/** Text between two delimiter lines that carry the token. */
export function fenceBlock(label: FenceLabel, token: string, text: string): string {
  return `<<<${label} ${token}>>>\n${text}\n<<<END ${label} ${token}>>>`;
}

/**
 * A token for one judge prompt from the edge's source, which is given what the prompt
 * fences (so a keyed source can give the same token for the same material: a re-run's
 * judge calls then hit the response cache, while nobody without the key can predict it).
 * A token that is malformed is a bug at the edge (thrown); one that happens to occur in
 * the fenced texts is drawn again, so the closing line can only ever be ours.
 */
export function drawToken(nonce: (material: string) => string, texts: readonly string[]): string {
  for (let attempt = 0; attempt < 8; attempt++) {
    const token = nonce(JSON.stringify({ attempt, texts }));
    if (!TOKEN.test(token))
      throw new Error(
        `the judge-prompt token source gave ${JSON.stringify(token)}; it must give 16 to 64 lowercase hex digits`,
      );
    if (!texts.some((t) => t.includes(token))) return token;
  }
  throw new Error('the judge-prompt token source keeps giving tokens found in the text to fence; it is not random');
}

/** The values of a judge template's placeholders, with the task, reference and answers fenced. */
export function fencedValues(
  token: string,
  inputs: { input: string; reference: string; criteria: string },
  answers: { answer?: string; answer_a?: string; answer_b?: string },
): Record<string, string> {
  const out: Record<string, string> = {
    input: fenceBlock('TASK', token, inputs.input),
    reference: fenceBlock('REFERENCE', token, inputs.reference),
    criteria: inputs.criteria,
  };
  if (answers.answer !== undefined) out['answer'] = fenceBlock('ANSWER', token, answers.answer);
  if (answers.answer_a !== undefined) out['answer_a'] = fenceBlock('ANSWER A', token, answers.answer_a);
  if (answers.answer_b !== undefined) out['answer_b'] = fenceBlock('ANSWER B', token, answers.answer_b);
  return out;
}
