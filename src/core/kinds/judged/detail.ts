/**
 * What a judged record keeps beside its scores, as a schema: the task, reference and
 * criteria, the judgments (absolute) or pairs (pairwise), a cross-check and the manipulation
 * scan's findings. Result files are checked against it when read back, and the report and
 * rejudge read records through `judgedDetailOf`, typed, instead of casting. Loose, with
 * defaults for keys older files may lack.
 */
import { z } from 'zod';
import { CROSS_CHECK_DETAIL_KEY, MANIPULATION_DETAIL_KEY } from './manipulation.ts';

const judgment = z.looseObject({
  judge: z.string(),
  model: z.string().default(''),
  score: z.number(),
  clippedFrom: z.number().nullable().default(null),
  method: z.string().default(''),
  reasoning: z.string().default(''),
});

const pair = z.looseObject({
  judge: z.string(),
  model: z.string().default(''),
  outcome: z.number(),
  orders: z
    .array(
      z.looseObject({
        first: z.enum(['baseline', 'candidate']),
        winner: z.enum(['A', 'B', 'tie']),
        reasoning: z.string().default(''),
      }),
    )
    .default([]),
});

const crossCheck = z.union([
  z.looseObject({ judge: z.string(), model: z.string(), score: z.number(), reasoning: z.string() }),
  z.looseObject({ judge: z.string(), model: z.string(), error: z.string() }),
]);

/** The schema of a judged record's detail. */
export const judgedDetail = z.looseObject({
  question: z.string().optional(),
  expected: z.string().optional(),
  criteria: z.string().optional(),
  category: z.string().optional(),
  judgments: z.array(judgment).optional(),
  pairs: z.array(pair).optional(),
  [CROSS_CHECK_DETAIL_KEY]: crossCheck.optional(),
  [MANIPULATION_DETAIL_KEY]: z.array(z.looseObject({ kind: z.string(), excerpt: z.string() })).optional(),
});

/** A judged record's detail, typed. */
export type JudgedDetail = z.output<typeof judgedDetail>;

const parsedDetails = new WeakMap<object, JudgedDetail>();

/**
 * A record's detail read as a judged one. Result files were checked when read, so a detail
 * that does not fit is one written by other code (a test, another kind): it reads as empty.
 */
export function judgedDetailOf(detail: Readonly<Record<string, unknown>> | null | undefined): JudgedDetail {
  if (!detail) return {};
  // The report reads each record's detail in several places; records are not changed in
  // place (rejudging makes new ones), so one parse per detail object serves them all.
  let read = parsedDetails.get(detail);
  if (read === undefined) {
    const parsed = judgedDetail.safeParse(detail);
    read = parsed.success ? parsed.data : {};
    parsedDetails.set(detail, read);
  }
  return read;
}
