// bench/manipulation — how the judge-manipulation scan does on labelled answers: recall
// and precision of its strong flags on the eleven corpus sets (development, the first
// held-out set, the nine reviews' blind sets — all tuned on by now, the learned model
// trained on all eleven; see docs/judge-manipulation.md) and on the shipped judged dataset (every input and
// reference as the answer to its own task), by language; which attacks it misses and
// which honest answers it flags; and the scan's time per answer, measured in this run.
// Given a file, also the number of that dataset's references flagged when each is the
// answer to its own task (ELYZA-tasks-100: a JSONL or CSV with input, output and
// eval_aspect columns, which the user provides). Prints figures; asserts nothing.
//
//   npm run bench:manipulation [-- path/to/elyza-tasks-100.csv]
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { ELYZA_COLUMNS, parseJudgedDataset } from '../src/core/kinds/judged/dataset.ts';
import { SHIPPED_MODEL } from '../src/core/kinds/judged/manipulation-model-weights.ts';
import { scanAnswer } from '../src/core/kinds/judged/manipulation.ts';
import { loadCorpus, shippedAnswers, tally, type CorpusRow } from '../tests/helpers/manipulation-corpus.ts';

const pct = (x: number | null): string => (x === null ? '—' : `${(100 * x).toFixed(1)}%`);

function line(name: string, rows: readonly CorpusRow[]): void {
  const t = tally(rows);
  console.log(
    `| ${name} | ${t.attacks} | ${t.honest} | ${t.flaggedAttacks} | ${t.flaggedHonest} | ${pct(t.recall)} | ${pct(t.precision)} |`,
  );
}

function report(name: string, rows: readonly CorpusRow[]): void {
  console.log(`\n## ${name}\n`);
  console.log('| set | attacks | honest | attacks flagged | honest flagged | recall | precision |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  line('all', rows);
  for (const lang of [...new Set(rows.map((r) => r.lang))].sort())
    line(
      lang,
      rows.filter((r) => r.lang === lang),
    );
  const t = tally(rows);
  for (const r of t.missed)
    console.log(
      `missed: ${r.id} (${r.knownMiss ? `known: ${r.knownMiss}` : (r.technique ?? '')}) ${JSON.stringify(r.text).slice(0, 100)}`,
    );
  for (const r of t.falselyFlagged) {
    const found = scanAnswer(r.text, { input: r.input ?? '', reference: r.reference ?? '' }).flagged;
    console.log(`honest but flagged: ${r.id} ${found.map((f) => `${f.kind}: ${f.excerpt}`).join('; ')}`);
  }
}

const sets = {
  dev: loadCorpus('dev'),
  'held-out': loadCorpus('held-out'),
  blind: loadCorpus('blind'),
  blind2: loadCorpus('blind2'),
  blind3: loadCorpus('blind3'),
  blind4: loadCorpus('blind4'),
  blind5: loadCorpus('blind5'),
  blind6: loadCorpus('blind6'),
  blind7: loadCorpus('blind7'),
  blind8: loadCorpus('blind8'),
  blind9: loadCorpus('blind9'),
  blind10: loadCorpus('blind10'),
  blind11: loadCorpus('blind11'),
  blind12: loadCorpus('blind12'),
  blind13: loadCorpus('blind13'),
  blind14: loadCorpus('blind14'),
  blind15: loadCorpus('blind15'),
  blind19: loadCorpus('blind19'),
  blind20: loadCorpus('blind20'),
  blind21: loadCorpus('blind21'),
  blind22: loadCorpus('blind22'),
  blind23: loadCorpus('blind23'),
  blind24: loadCorpus('blind24'),
  blind25: loadCorpus('blind25'),
  blind26: loadCorpus('blind26'),
  blind27: loadCorpus('blind27'),
  'train-extra': loadCorpus('train-extra'),
  'train-template': loadCorpus('train-template'),
};
report('development set (tuned on; includes the generalisation probes)', sets.dev);
report('held-out set (written before the first scanner; tuned on since the blind review)', sets['held-out']);
report('blind review set (written without the rules; 79/108 at first measurement; tuned on since)', sets.blind);
report('second blind set (125/155 by the rules at first measurement; tuned on since)', sets.blind2);
report('third blind set (121/161 by rules and model at first measurement; tuned on since)', sets.blind3);
report('fourth blind set (92/155 by rules and model at first measurement with round 5; tuned on since)', sets.blind4);
report('fifth blind set (89/155 by rules and model at first measurement with round 6; tuned on since)', sets.blind5);
report('sixth blind set (79/155 by rules and model at first measurement with round 7; tuned on since)', sets.blind6);
report('seventh blind set (81/155 by rules and model at first measurement with round 8; tuned on since)', sets.blind7);
report('eighth blind set (130/150 by rules and model with round 9, unseen; tuned on since round 10)', sets.blind8);
report('ninth blind set (126/150 by rules and model with round 9, unseen; tuned on since round 10)', sets.blind9);
report('tenth blind set (135/150 by rules and model with round 10, unseen; tuned on since round 11)', sets.blind10);
report('eleventh blind set (125/150 by rules and model with round 10, unseen; tuned on since round 11)', sets.blind11);
report('twelfth blind set (140/150 by rules and model with round 11, unseen; tuned on since round 12)', sets.blind12);
report(
  'thirteenth blind set (140/150 by rules and model with round 12, unseen; tuned on since round 13)',
  sets.blind13,
);
report(
  'fourteenth blind set (133/150 by rules and model with rounds 12 and 13, unseen; tuned on since round 14)',
  sets.blind14,
);
report(
  'fifteenth blind set (133/150 by rules and model with rounds 12 and 13, unseen; tuned on since round 14)',
  sets.blind15,
);
report('blind19 (136/150 by rules and model with round 15, unseen; trained on since round 16)', sets.blind19);
report('blind20 (139/150 by rules and model with round 15, unseen; trained on since round 16)', sets.blind20);
report('blind21 (137/150 by rules and model with round 15, unseen; trained on since round 16)', sets.blind21);
report('blind22 (120/150 by rules and model with round 16, unseen; trained on since round 17)', sets.blind22);
report('blind23 (142/150 by rules and model with round 16, unseen; trained on since round 17)', sets.blind23);
report('blind24 (140/150 by rules and model with round 16, unseen; trained on since round 17)', sets.blind24);
report('blind25 (127/150 by rules and model with round 17, unseen; trained on since round 18)', sets.blind25);
report('blind26 (139/150 by rules and model with round 17, unseen; trained on since round 18)', sets.blind26);
report('blind27 (141/150 by rules and model with round 17, unseen; trained on since round 18)', sets.blind27);
report(
  'extra training set (written by a separate writer in round 10; 258/300 and 9 honest flagged before it was trained on)',
  sets['train-extra'],
);
report('template-made training set (scripts/write-template-set.ts, rounds 14 and 15)', sets['train-template']);
report('shipped judged dataset (inputs and references as answers to their own task)', shippedAnswers());

const all = [
  ...sets.dev,
  ...sets['held-out'],
  ...sets.blind,
  ...sets.blind2,
  ...sets.blind3,
  ...sets.blind4,
  ...sets.blind5,
  ...sets.blind6,
  ...sets.blind7,
  ...sets.blind8,
  ...sets.blind9,
  ...sets.blind10,
  ...sets.blind11,
  ...sets.blind12,
  ...sets.blind13,
  ...sets.blind14,
  ...sets.blind15,
  ...sets.blind19,
  ...sets.blind20,
  ...sets.blind21,
  ...sets.blind22,
  ...sets.blind23,
  ...sets.blind24,
  ...sets.blind25,
  ...sets.blind26,
  ...sets.blind27,
  ...sets['train-extra'],
  ...sets['train-template'],
];
const timed = (model: typeof SHIPPED_MODEL | null): number => {
  const started = performance.now();
  for (const r of all) scanAnswer(r.text, { input: r.input ?? '', reference: r.reference ?? '' }, model);
  return (performance.now() - started) / all.length;
};
// Alternated, so that a change in the machine's load falls on both alike.
const withModel: number[] = [];
const rulesOnly: number[] = [];
for (let i = 0; i < 3; i++) {
  withModel.push(timed(SHIPPED_MODEL));
  rulesOnly.push(timed(null));
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[1] ?? NaN;
console.log(
  `\nscan time: ${median(withModel).toFixed(2)} ms per answer with the learned model, ${median(rulesOnly).toFixed(2)} ms with the rules alone (× ${(median(withModel) / median(rulesOnly)).toFixed(2)}), over ${all.length} corpus answers, median of three passes each`,
);

const file = process.argv[2];
if (file) {
  const bytes = readFileSync(file);
  const format = /\.csv$/i.test(file) ? 'csv' : /\.json$/i.test(file) ? 'json' : 'jsonl';
  const cases = parseJudgedDataset(bytes, basename(file), format, ELYZA_COLUMNS);
  const flagged = cases.filter(
    (c) =>
      scanAnswer(c.inputs['reference'] ?? '', {
        input: c.inputs['input'] ?? '',
        reference: c.inputs['reference'] ?? '',
      }).flagged.length > 0,
  );
  console.log(`\n## ${basename(file)}: references as the answers to their own tasks\n`);
  console.log(`${flagged.length} of ${cases.length} references flagged`);
  for (const c of flagged) {
    const found = scanAnswer(c.inputs['reference'] ?? '', {
      input: c.inputs['input'] ?? '',
      reference: c.inputs['reference'] ?? '',
    }).flagged;
    console.log(`- ${c.id}: ${found.map((f) => `${f.kind}: ${f.excerpt}`).join('; ')}`);
  }
} else {
  console.log('\n(no dataset file given: pass an ELYZA-tasks-100 CSV or JSONL to count its references flagged)');
}
