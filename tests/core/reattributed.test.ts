// A judge or check that failed on a reply the baseline's run scored, sent by the same
// request, is not the candidate's failure: the comparison re-attributes exactly those
// errors to the infrastructure, whatever else the baseline holds.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareWithBaseline } from '../../src/core/compare/index.ts';
import { DEFAULT_GATE } from '../../src/core/config/common.ts';
import type { CaseRecord } from '../../src/core/types.ts';
import { syntheticPair } from '../helpers/synthetic-results.ts';

describe('errors on a reply the baseline scored', () => {
  it('are re-attributed to the infrastructure only where request and reply are the baseline’s', () => {
    const { baseline, candidate } = syntheticPair({ n: 200 });
    const judgeFailed = (r: CaseRecord, reply: string): CaseRecord => ({
      ...r,
      status: 'error',
      scores: null,
      reply: { ...(r.reply as NonNullable<CaseRecord['reply']>), text: reply },
      error: { kind: 'judge-refused', message: 'the judge refused' },
    });
    const records = candidate.records.map((r, i) => {
      const same = r.reply?.text ?? '';
      if (i === 3 || i === 150) return judgeFailed(r, same); // the baseline's reply: not the candidate's doing
      if (i === 7) return judgeFailed(r, `${same} changed`); // a new reply the judge refused: the candidate's
      return r;
    });
    const errored = records.filter((r) => r.status === 'error').length;
    const c = compareWithBaseline(
      baseline,
      {
        ...candidate,
        records,
        aggregates: { ...candidate.aggregates, scored: 200 - errored, errors: errored },
      },
      { ...DEFAULT_GATE, resamples: 200 },
    );
    assert.deepEqual(c.errors.byCause?.infrastructure.reasons, { 'unchanged-reply': 2 });
    assert.deepEqual(c.errors.byCause?.infrastructure.cases, ['case-00003', 'case-00150']);
    assert.deepEqual(c.errors.byCause?.candidate.cases, ['case-00007']);
  });
});
