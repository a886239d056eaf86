/**
 * The `kind: judged` suite entry: a dataset of tasks, the answer templates, and the
 * judges that grade the answers (absolute 1–5 scores or pairwise against the baseline).
 */
import { z } from 'zod';
import { datasetSchema, lineText, suiteCommon } from '../../config/common.ts';

/** The kind's name, the `kind:` value in evalgate.yml. */
export const JUDGED = 'judged';

/** The zod schema of a judged suite entry. */
export const judgedSuite = z.strictObject({
  ...suiteCommon,
  kind: z.literal(JUDGED),
  judge: z.union([lineText, z.array(lineText).min(1)]),
  dataset: datasetSchema,
  templates: z.strictObject({
    system: z.string().min(1).optional(),
    user: z.string().min(1),
    judge: z.string().optional(),
  }),
  mode: z.enum(['absolute', 'pairwise']).default('absolute'),
  refusals: z.enum(['score-1', 'exclude']).default('score-1'),
  'judge-language': z
    .enum(['en', 'ja'])
    .default('en')
    .describe('Language of the built-in judge template (when templates.judge is not set).'),
});

/** A judged suite entry. */
export type JudgedSuiteConfig = z.output<typeof judgedSuite>;

/** The judge provider names of a suite entry, in order. */
export function judgesOf(suite: JudgedSuiteConfig): string[] {
  return Array.isArray(suite.judge) ? [...suite.judge] : [suite.judge];
}
