// How the comparison lines cases up (compare/pairing.ts), pinned at the unit: which cases
// pair and in what order the others are listed, each side's case means as the same numbers
// caseMeans gives (repeats summed in record order, failures counted as the worst value
// where they stand), and the resampling units handed to the bootstrap.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { readResultFile } from '../../src/adapters/fs-store.ts';
import {
  caseChanges,
  caseTable,
  groupUnits,
  pairCases,
  recordsByCase,
  sideMeans,
} from '../../src/core/compare/pairing.ts';
import { caseMeans } from '../../src/core/results.ts';
import { resultChunks } from '../../src/core/result-stream.ts';
import type { CaseRecord, SuiteResult } from '../../src/core/types.ts';
import { syntheticPair } from '../helpers/synthetic-results.ts';

const METRIC = 'exact-match';

function scored(r: CaseRecord, value: number): CaseRecord {
  return { ...r, status: 'scored', scores: { [METRIC]: value }, error: null };
}
function failed(r: CaseRecord, error: NonNullable<CaseRecord['error']>): CaseRecord {
  return { ...r, status: 'error', scores: null, error };
}
const byCandidate = { kind: 'unparsable', message: 'no verdict' } as const;
const byInfrastructure = { kind: 'http', httpStatus: 500, message: 'outage' } as const;

/** Eight cases; the candidate's records come in reverse order, so first-seen order is not id order. */
function sides(): { baseline: SuiteResult; candidate: SuiteResult } {
  const { baseline, candidate } = syntheticPair({ n: 8 });
  const b = baseline.records;
  const c = candidate.records;
  const baseRecords = [
    ...b.filter((r) => r.caseId !== 'case-00003'),
    failed(b[3] as CaseRecord, byInfrastructure), // no valid baseline sample
    scored(b[4] as CaseRecord, 0.2), // a second baseline repeat of case 4
    scored(b[4] as CaseRecord, 0.1),
  ];
  const candRecords = [
    { ...(c[7] as CaseRecord), caseId: 'case-00009', inputHash: 'h9' }, // added
    scored(c[6] as CaseRecord, 0.3),
    // case 5 is missing: removed
    scored(c[4] as CaseRecord, 0.1),
    failed(c[4] as CaseRecord, byCandidate),
    scored(c[4] as CaseRecord, 0.7),
    c[3] as CaseRecord,
    { ...(c[2] as CaseRecord), inputHash: 'h2-edited' },
    failed(c[1] as CaseRecord, byCandidate),
    failed(c[1] as CaseRecord, byInfrastructure),
    failed(c[0] as CaseRecord, byInfrastructure),
    c[7] as CaseRecord,
  ];
  return { baseline: { ...baseline, records: baseRecords }, candidate: { ...candidate, records: candRecords } };
}

describe('pairing cases', () => {
  it('reads each side through the table’s numbers of its records as through its ids looked up', () => {
    const { baseline, candidate } = sides();
    const table = caseTable(baseline, candidate);
    for (const side of [baseline, candidate]) {
      // A copy of the list is not one of the table's sides: each record's id is looked up.
      const copy = [...side.records];
      for (const counting of [{ worst: null }, { worst: 0 }, { worst: 0, infrastructure: true }]) {
        const own = sideMeans(side.records, METRIC, table, counting);
        const looked = sideMeans(copy, METRIC, table, counting);
        assert.deepEqual([...own.mean], [...looked.mean]);
        assert.deepEqual([...own.count], [...looked.count]);
        assert.deepEqual([...own.failed], [...looked.failed]);
      }
      const own = recordsByCase(side.records, table);
      const looked = recordsByCase(copy, table);
      assert.deepEqual([...own.start], [...looked.start]);
      assert.deepEqual([...own.order], [...looked.order]);
      for (let i = 0; i < table.ids.length; i++) assert.ok(own.of(i).every((r) => r.caseId === table.ids.get(i)));
    }
    const p = pairCases(baseline, candidate, METRIC, false, { worst: 0 }, table);
    const changes = caseChanges(p, baseline, candidate, table);
    const copied = { ...candidate, records: [...candidate.records] };
    const other = caseChanges(p, { ...baseline, records: [...baseline.records] }, copied, table);
    assert.ok(changes.regressed.length > 0);
    assert.deepEqual(changes, other);
    // Worst first, then by id; each with its first valid records.
    assert.deepEqual(
      changes.regressed.map((c) => [c.caseId, c.delta]),
      [...p.ids]
        .flatMap((id, j) =>
          (p.cand[j] as number) < (p.base[j] as number) ? [[id, (p.cand[j] as number) - (p.base[j] as number)]] : [],
        )
        .sort((x, y) => (x[1] as number) - (y[1] as number) || ((x[0] as string) < (y[0] as string) ? -1 : 1)),
    );
  });

  it('gives one case’s mean from its records as sideMeans gives every case’s, held or read from the file', async () => {
    const { baseline, candidate } = sides();
    const dir = await mkdtemp(join(tmpdir(), 'evalgate-case-mean-'));
    after(() => rm(dir, { recursive: true, force: true }));
    const stored = async (result: SuiteResult, name: string): Promise<SuiteResult> => {
      const path = join(dir, `${name}.json`);
      await writeFile(path, [...resultChunks(result)].join(''));
      return readResultFile(path);
    };
    const pairs = [
      [baseline, candidate],
      [await stored(baseline, 'baseline'), await stored(candidate, 'candidate')],
    ] as const;
    for (const [b, c] of pairs) {
      const table = caseTable(b, c);
      for (const side of [b, c]) {
        const byCase = recordsByCase(side.records, table);
        // A metric no record has: no case has a mean.
        for (const metric of [METRIC, 'not-a-metric']) {
          const all = sideMeans(side.records, metric, table);
          const one = Array.from({ length: table.ids.length }, (_, i) => byCase.mean(i, metric));
          const expected = Array.from({ length: table.ids.length }, (_, i) =>
            all.count[i] === 0 ? null : (all.mean[i] as number),
          );
          assert.deepEqual(one, expected);
        }
      }
      // Repeats summed in record order: case 4's candidate 0.1 and 0.7 (an error between them left out).
      const at = table.index.get('case-00004') as number;
      assert.equal(recordsByCase(c.records, table).mean(at, METRIC), (0.1 + 0.7) / 2);
      assert.equal(recordsByCase(b.records, table).mean(table.index.get('case-00003') as number, METRIC), null);
    }
  });

  it('lists added, edited and unpaired cases in the candidate’s order, removed in the baseline’s, paired by id', () => {
    const { baseline, candidate } = sides();
    const p = pairCases(baseline, candidate, METRIC, false, { worst: -0.5 });
    assert.deepEqual(p.summary.added, ['case-00009']);
    assert.deepEqual(p.summary.edited, ['case-00002']);
    assert.deepEqual(p.summary.removed, ['case-00005']);
    // Case 3 has no valid baseline sample; case 0 only an infrastructure error (left out).
    assert.deepEqual(p.summary.withoutValidSample, ['case-00003', 'case-00000']);
    assert.deepEqual([...p.ids], ['case-00001', 'case-00004', 'case-00006', 'case-00007']);
    assert.equal(p.summary.compared, 4);
    assert.deepEqual(p.summary.failedByCandidate, ['case-00001', 'case-00004']);
    assert.deepEqual(p.summary.failedByInfrastructure, []);
    assert.equal(caseTable(baseline, candidate).baseCases, 8);
  });

  it('gives each case the mean caseMeans gives, with failures as the worst value where they stand', () => {
    const { baseline, candidate } = sides();
    for (const infrastructure of [false, true]) {
      const worst = -0.5;
      const p = pairCases(baseline, candidate, METRIC, false, { worst, infrastructure });
      // The reference: the records with each counted failure scored as the worst value, in place.
      const counted = candidate.records.map((r) =>
        r.status === 'error' && (infrastructure || r.error?.kind !== 'http') ? scored(r, worst) : r,
      );
      const cand = caseMeans(counted, METRIC);
      const base = caseMeans(baseline.records, METRIC);
      assert.deepEqual(
        [...p.cand],
        [...p.ids].map((id) => cand.get(id)),
      );
      assert.deepEqual(
        [...p.base],
        [...p.ids].map((id) => base.get(id)),
      );
      if (infrastructure) {
        assert.deepEqual([...p.ids], ['case-00000', 'case-00001', 'case-00004', 'case-00006', 'case-00007']);
        assert.deepEqual(p.summary.failedByInfrastructure, ['case-00000', 'case-00001']);
        assert.deepEqual(p.summary.failedByCandidate, ['case-00001', 'case-00004']);
      }
    }
  });

  it('counts every baseline case as 0 for pairwise judging, and groups units by the baseline’s clusters', () => {
    const { baseline, candidate } = sides();
    const zero = pairCases(baseline, candidate, METRIC, true);
    assert.ok([...zero.ids].includes('case-00003'));
    assert.ok([...zero.base].every((v) => v === 0));

    const clustered = {
      ...baseline,
      records: baseline.records.map((r) => (r.caseId < 'case-00005' ? { ...r, cluster: 'early' } : r)),
    };
    const table = caseTable(clustered, candidate);
    const p = pairCases(clustered, candidate, METRIC, false, { worst: 0 }, table);
    const units = groupUnits(p, table);
    // Units sorted by key: case:case-00006, case:case-00007, early (cases 1 and 4).
    assert.deepEqual([...units.cases], [1, 1, 2]);
    const at = (id: string): number => [...p.ids].indexOf(id);
    assert.deepEqual(
      [...units.candidate],
      [
        p.cand[at('case-00006')],
        p.cand[at('case-00007')],
        (p.cand[at('case-00001')] ?? 0) + (p.cand[at('case-00004')] ?? 0),
      ],
    );
    const plain = groupUnits(pairCases(baseline, candidate, METRIC, false), caseTable(baseline, candidate));
    assert.ok([...plain.cases].every((k) => k === 1));
  });
});

describe('pairing stored results', () => {
  it('pairs the same when either side is read from its file (input hashes from its columns, not copied)', async () => {
    // More cases than one block of hashes (4,096), sha256 hashes and others, each kind of change.
    const n = 9000;
    const { baseline, candidate } = syntheticPair({
      n,
      words: 3,
      fails: (i) => i % 13 === 0,
      errors: (i) => i % 97 === 1,
    });
    const hex = (i: number): string => createHash('sha256').update(`case ${i}`).digest('hex');
    const hashOf = (i: number): string => (i % 10 === 3 ? `h${i}` : hex(i));
    baseline.records.forEach((r, i) => (r.inputHash = hashOf(i)));
    candidate.records.forEach((r, i) => (r.inputHash = hashOf(i)));
    const edits: [number, string][] = [
      [4100, hex(99999)], // sha256 to another
      [13, 'h13-edited'], // text to other text
      [5003, hex(5003).toUpperCase()], // the same digits in capitals: another input
      [8191, 'h8191'], // sha256 to text
    ];
    for (const [i, hash] of edits) (candidate.records[i] as CaseRecord).inputHash = hash;
    const candRecords = candidate.records.filter((_, i) => i !== 4096 && i !== 7);
    candRecords.push({ ...(candidate.records[9] as CaseRecord), caseId: 'case-added', inputHash: hex(-1) });
    // A second baseline repeat whose input differs: the last record's hash is the case's.
    const baseRecords = [...baseline.records, { ...(baseline.records[4101] as CaseRecord), inputHash: hex(-2) }];
    const held = {
      baseline: { ...baseline, records: baseRecords },
      candidate: { ...candidate, records: candRecords },
    };
    const dir = await mkdtemp(join(tmpdir(), 'evalgate-pairing-'));
    after(() => rm(dir, { recursive: true, force: true }));
    const stored = async (result: SuiteResult, name: string): Promise<SuiteResult> => {
      const path = join(dir, `${name}.json`);
      await writeFile(path, [...resultChunks(result)].join(''));
      return readResultFile(path);
    };
    const base = await stored(held.baseline, 'baseline');
    const cand = await stored(held.candidate, 'candidate');
    const expected = pairCases(held.baseline, held.candidate, METRIC, false, { worst: 0 });
    assert.deepEqual(expected.summary.edited, ['case-00013', 'case-04100', 'case-04101', 'case-05003', 'case-08191']);
    assert.deepEqual(expected.summary.removed, ['case-00007', 'case-04096']);
    assert.deepEqual(expected.summary.added, ['case-added']);
    for (const [b, c] of [
      [base, held.candidate],
      [held.baseline, cand],
      [base, cand],
    ] as const) {
      const p = pairCases(b, c, METRIC, false, { worst: 0 });
      assert.deepEqual(p.summary, expected.summary);
      assert.deepEqual([...p.ids], [...expected.ids]);
      assert.deepEqual([...p.base], [...expected.base]);
      assert.deepEqual([...p.cand], [...expected.cand]);
      assert.equal(caseTable(b, c).baseCases, n);
    }
  });
});
