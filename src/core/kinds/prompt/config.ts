/**
 * The `kind: prompt` suite entry: a team's own prompt templates filled from any dataset's
 * columns, and a list of assertions each reply must meet. This file holds only the keys
 * of the kind and its entry, built on the keys every suite has (name, provider, repeats, gate).
 */
import { z } from 'zod';
import { lineText, sandboxTimeLimit, suiteCommon } from '../../config/common.ts';

/** The kind's name, the `kind:` value in evalgate.yml. */
export const PROMPT = 'prompt';

/** Text normalizers an assertion may apply to the reply (and to its value) before checking. */
export const PROMPT_NORMALIZERS = ['trim', 'nfc', 'nfkc', 'strip-code-fence', 'lowercase'] as const;
/** One normalizer. */
export type PromptNormalizer = (typeof PROMPT_NORMALIZERS)[number];

/** The assertion types, in the order the docs list them. */
export const ASSERTION_TYPES = [
  'equals',
  'contains',
  'not-contains',
  'starts-with',
  'regex',
  'is-json',
  'json-schema',
  'length',
  'python',
  'judge',
] as const;
/** One assertion type. */
export type AssertionType = (typeof ASSERTION_TYPES)[number];

const ASSERTION_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

// What every assertion may carry.
const common = {
  name: z
    .string()
    .regex(ASSERTION_NAME, 'use letters, digits, ".", "_" and "-"')
    .optional()
    .describe('Names the assertion in the report and its metric (assert:<name>); default: its type.'),
  weight: z.number().positive().max(1000).default(1).describe('Weight in the weighted score (metric: weighted-score).'),
  normalize: z
    .array(z.enum(PROMPT_NORMALIZERS))
    .default([])
    .describe('Applied to the reply (and to a text value) before the check, in a fixed order.'),
};

const textValue = z
  .string()
  .describe("Text compared with the reply; {column} is replaced by the case's value ({{ and }} for braces).");

const assertionSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ ...common, type: z.literal('equals'), value: textValue }),
    z.strictObject({ ...common, type: z.literal('contains'), value: textValue }),
    z.strictObject({ ...common, type: z.literal('not-contains'), value: textValue }),
    z.strictObject({ ...common, type: z.literal('starts-with'), value: textValue }),
    z.strictObject({
      ...common,
      type: z.literal('regex'),
      value: z
        .string()
        .min(1)
        .describe("A JavaScript regular expression; {column} inserts the case's value as literal text."),
      flags: z
        .string()
        .regex(/^[imsu]*$/, 'use only the flags i, m, s and u')
        .default('')
        .describe('Regular-expression flags (i, m, s, u).'),
    }),
    z.strictObject({ ...common, type: z.literal('is-json') }),
    z.strictObject({
      ...common,
      type: z.literal('json-schema'),
      schema: z.string().min(1).describe('A JSON Schema file the reply (parsed as JSON) must satisfy.'),
    }),
    z
      .strictObject({
        ...common,
        type: z.literal('length'),
        min: z.int().min(0).optional().describe('Fewest characters (code points) the reply may have.'),
        max: z.int().min(0).optional().describe('Most characters (code points) the reply may have.'),
      })
      .refine((a) => a.min !== undefined || a.max !== undefined, { error: 'set min, max or both' })
      .refine((a) => a.min === undefined || a.max === undefined || a.min <= a.max, {
        error: 'min is larger than max',
      }),
    z.strictObject({
      ...common,
      type: z.literal('python'),
      file: z
        .string()
        .min(1)
        .describe('A Python file defining check(output, vars) -> bool | float, run in the Pyodide sandbox.'),
      threshold: z
        .number()
        .min(0)
        .max(1)
        .default(0.5)
        .describe('A check returning a number passes when the number is at least this.'),
      'timeout-ms': sandboxTimeLimit('one call of the check'),
    }),
    z
      .strictObject({
        ...common,
        type: z.literal('judge'),
        rubric: z
          .string()
          .min(1)
          .optional()
          .describe("What the judge grades the reply on; {column} is replaced by the case's value."),
        'rubric-file': z.string().min(1).optional().describe('A file holding the rubric (instead of rubric).'),
        judge: z
          .union([lineText, z.array(lineText).min(1)])
          .describe('The judge provider(s); with several, their scores are averaged.'),
        threshold: z
          .number()
          .min(1)
          .max(5)
          .default(4)
          .describe("The reply passes when the judges' mean score (1–5) is at least this."),
        reference: z
          .string()
          .optional()
          .describe("A reference answer shown to the judge; {column} is replaced by the case's value."),
        language: z.enum(['en', 'ja']).default('en').describe('Language of the built-in judge prompt.'),
      })
      .refine((a) => (a.rubric === undefined) !== (a['rubric-file'] === undefined), {
        error: 'set exactly one of rubric and rubric-file',
      }),
  ],
  {
    error: (issue) => {
      if (issue.code !== 'invalid_union') return undefined;
      const got = (issue.input as { type?: unknown } | null | undefined)?.type;
      return `unknown assertion type${got === undefined ? '' : ` ${JSON.stringify(got)}`}; expected one of ${ASSERTION_TYPES.join(', ')}`;
    },
  },
);

/** The keys of a prompt suite besides those every suite has. */
export const PROMPT_SUITE_SHAPE = {
  kind: z.literal(PROMPT),
  dataset: z.union([
    z.string().min(1),
    z.strictObject({ path: z.string().min(1), format: z.enum(['jsonl', 'json', 'csv']).optional() }),
  ]),
  templates: z.strictObject({
    system: z.string().min(1).optional(),
    messages: z
      .array(
        z.strictObject({
          role: z.enum(['system', 'user', 'assistant']),
          template: z.string().min(1),
        }),
      )
      .optional()
      .describe('Messages sent between the system and the user template: few-shot examples, earlier turns.'),
    user: z.string().min(1),
  }),
  assert: z.array(assertionSchema).min(1).describe('Checks every reply must pass; a case passes when all pass.'),
  metric: z
    .enum(['pass-rate', 'weighted-score'])
    .default('pass-rate')
    .describe(
      'The primary metric: the share of cases passing every assertion, or the weighted share of assertions passed.',
    ),
};

/** The judge providers of a prompt suite's assertions. */
export function promptJudges(assertions: readonly AssertionConfig[]): string[] {
  const out: string[] = [];
  for (const a of assertions)
    if (a.type === 'judge')
      for (const j of Array.isArray(a.judge) ? a.judge : [a.judge]) if (!out.includes(j)) out.push(j);
  return out;
}

/** One assertion, as the schema outputs it. */
export type AssertionConfig = z.output<typeof assertionSchema>;

/** The zod schema of a prompt suite entry. */
export const promptSuite = z.strictObject({ ...suiteCommon, ...PROMPT_SUITE_SHAPE });

/** A prompt suite entry. */
export type PromptSuiteConfig = z.output<typeof promptSuite>;
