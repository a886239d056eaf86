/**
 * The exact-copy kind as one unit: a dataset of contexts with an answer to copy from
 * them, scored by exact match after the configured normalizers.
 */
import { z } from 'zod';
import { loadAnswerInputs } from '../answer-inputs.ts';
import type { SuiteKind } from '../kind.ts';
import { EXACT_COPY, exactCopySuite, type ExactCopySuiteConfig } from './config.ts';
import { readExactCopyDataset } from './dataset.ts';
import { exactCopyStarterFiles } from './init.ts';
import { EXACT_COPY_PLACEHOLDERS, prepareExactCopySuite } from './suite.ts';

/** What an exact-copy record keeps beside its scores: the answer to copy and the question. */
const exactCopyDetail = z.looseObject({ expected: z.string().optional(), question: z.string().optional() });
/** An exact-copy record's detail. */
export type ExactCopyDetail = z.output<typeof exactCopyDetail>;

/** The exact-copy suite kind. */
export const exactCopyKind: SuiteKind<ExactCopySuiteConfig, ExactCopyDetail> = {
  name: EXACT_COPY,
  configSchema: exactCopySuite,
  detailSchema: exactCopyDetail,
  clusterNoun: 'clusters',
  // Not copied, not included; edit distance has no upper bound, so it has no worst value.
  worstScore: (metric) => (metric === 'edit-distance' ? null : 0),
  providers: (suite) => [suite.provider],
  async load(ctx) {
    const s = ctx.suite;
    const inputs = await loadAnswerInputs(ctx, EXACT_COPY_PLACEHOLDERS, 'context', 'context');
    const collected = ctx.cases(inputs.datasetPath);
    await readExactCopyDataset(inputs.source.chunks, inputs.datasetPath, inputs.format, collected);
    const cases = collected.cases;
    const dataset = { path: inputs.datasetPath, sha256: inputs.source.sha256() };
    const provider = ctx.provider(s.provider);
    return {
      cases,
      caseCount: collected.count,
      prepare: (env) => {
        const prepared = prepareExactCopySuite({
          suite: s,
          provider,
          client: env.client(s.provider),
          cases,
          templates: inputs.templates,
          dataset,
        });
        const readCases = collected.readCases;
        return readCases ? { ...prepared, readCases } : prepared;
      },
    };
  },
  initExample: () => exactCopyStarterFiles(),
};
