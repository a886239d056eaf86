/**
 * The `kind: exact-copy` suite entry: a dataset of contexts and expected answers, the
 * prompt templates, and the normalizers applied before matching.
 */
import { z } from 'zod';
import { datasetSchema, suiteCommon } from '../../config/common.ts';

/** The kind's name, the `kind:` value in evalgate.yml. */
export const EXACT_COPY = 'exact-copy';

/** Output normalizers an exact-copy suite may apply before matching (part of what measures). */
export const NORMALIZERS = ['trim', 'nfc', 'strip-code-fence'] as const;
/** One normalizer. */
export type Normalizer = (typeof NORMALIZERS)[number];

/** The zod schema of an exact-copy suite entry. */
export const exactCopySuite = z.strictObject({
  ...suiteCommon,
  kind: z.literal(EXACT_COPY),
  dataset: datasetSchema,
  templates: z.strictObject({ system: z.string().min(1).optional(), user: z.string().min(1) }),
  normalizers: z.array(z.enum(NORMALIZERS)).default([]),
});

/** An exact-copy suite entry. */
export type ExactCopySuiteConfig = z.output<typeof exactCopySuite>;
