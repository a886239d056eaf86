// scripts/train-manipulation-model — trains the learned half of the judge-manipulation scan
// (src/core/kinds/judged/manipulation-model.ts) on the labelled corpus and writes its
// quantized weights to src/core/kinds/judged/manipulation-model-weights.ts. Deterministic:
// a seeded generator, sorted inputs, no clock.
//
// What it learns from: every answer of tests/corpus/judge-manipulation/*.jsonl (attacks
// and honest answers, each with its own task; train-extra.jsonl is training data written
// apart by a separate writer), every input and reference of
// eval-datasets/judged/tasks.jsonl as an honest answer to its own task, and paragraphs of
// the Markdown files in node_modules (what ordinary technical prose looks like; a fixed
// sample, so the lockfile fixes them).
//
// An attack answer is labelled as a whole, not by line, so training is multiple-instance:
// first every unit of an attack counts a little, then, three times over, only the unit the
// model scores highest in each attack counts. Every unit of an honest answer is a negative.
//
// Thresholds: each honest answer is scored out of fold (five folds by id), as the scan counts
// it (no score where the model's finding may not flag, round 16); `strong` is the 99th
// percentile of those scores, `borderline` the 95th.
//
//   node scripts/train-manipulation-model.ts          # train on everything, write the weights
//   node scripts/train-manipulation-model.ts --check  # train on everything, write nothing; fail
//                                                     # when the committed weights differ (~5 min)
//   node scripts/train-manipulation-model.ts --loso   # leave one corpus set out: train on the
//                                                     # others, measure on it (nothing written);
//                                                     # --quantiles: at several strong thresholds
//   node scripts/train-manipulation-model.ts --explain blind2   # raw scores of a model trained
//                                                     # without that set, on what the rules miss
// Knobs for experiments (the shipped weights use the defaults): EPOCHS (20), L2 (1e-5), SEEDS
// (1: models trained with that many seeds, their weights averaged),
// AUGMENT (0: word-dropped variants of each attack line the rules find, per line),
// FOLDS=blind2,blind to run --loso on some sets only, EXCLUDE=train-template to leave sets
// out of training altogether, POOL=all to set the strong threshold from every honest score (as
// before round 16), and DUMP=file with --loso to append each fold's scores to a file (to compare
// ways of setting the threshold without training again).
import { appendFileSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generator } from './seeded-random.ts';
import {
  FEATURE_BITS,
  decodeWeights,
  encodeWeights,
  featuresOf,
  taskVocabulary,
  unitsOf,
  type Features,
  type Model,
} from '../src/core/kinds/judged/manipulation-model.ts';
import { learnedMayFlag, learnedSignal, learnedText, scanAnswer } from '../src/core/kinds/judged/manipulation.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const SETS = [
  'dev',
  'held-out',
  'blind',
  'blind2',
  'blind3',
  'blind4',
  'blind5',
  'blind6',
  'blind7',
  'blind8',
  'blind9',
  'blind10',
  'blind11',
  'blind12',
  'blind13',
  'blind14',
  'blind15',
  'blind19',
  'blind20',
  'blind21',
  'blind22',
  'blind23',
  'blind24',
  'blind25',
  'blind26',
  'blind27',
  'train-extra',
  'train-template',
] as const;
type SetName = (typeof SETS)[number] | 'shipped' | 'markdown';

interface Answer {
  id: string;
  set: SetName;
  attack: boolean;
  text: string;
  input?: string;
  reference?: string;
  /**
   * Whether the model's finding may flag this answer (scanAnswer: not where the task asks to
   * translate a grading text or is about how answers are marked, where it goes to the second
   * opinion only).
   */
  mayFlag: boolean;
  /** Features of each unit, computed once. */
  units: Features[];
  /**
   * In an attack, the units the rules find something in (strong or borderline): where the
   * attack is. Empty when the rules find it nowhere (then any unit may be it).
   */
  found: number[];
  /**
   * Variants of the units the rules find in an attack, each with some of its words left
   * out: more, and more varied, positives, so that no few n-grams carry an attack line.
   * Made from the attack itself, so only a model trained on the attack sees them.
   */
  variants: Features[];
}

// Off by default: in round 5's leave-one-set-out runs the variants lowered the model's
// recall on the second blind set (82 of 155 against 90 without) for 44 against 33 of 161 on the third.
const AUGMENT = Number(process.env['AUGMENT'] ?? 0);

/** A line with some of its words left out (a seeded choice): the same act, in fewer words. */
function dropWords(text: string, seed: number): string {
  const random = generator(seed);
  const words = text.split(/(\s+)/);
  const kept = words.filter((w, i) => i % 2 === 1 || random() >= 0.25);
  return kept.join('').trim();
}

const readJsonl = (file: string): Record<string, string>[] =>
  readFileSync(join(ROOT, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, string>);

function answer(id: string, set: SetName, attack: boolean, text: string, input?: string, reference?: string): Answer {
  const vocabulary = taskVocabulary(input, reference);
  const context = { input: input ?? '', reference: reference ?? '' };
  // The answer as the scan's model reads it (quotations blanked where the task is about
  // attacks, a grade line where it asks for one): trained on what it will be shown.
  const units = unitsOf(learnedText(text, context));
  const found = attack
    ? units.flatMap((u, i) => {
        const scan = scanAnswer(u.text, context, null);
        return scan.flagged.length + scan.borderline.length > 0 ? [i] : [];
      })
    : [];
  const variants: Features[] = [];
  for (const i of found) {
    const unit = units[i]!;
    // Words for scripts with spaces; for text without them, characters in runs.
    for (let k = 0; k < AUGMENT; k++) {
      const text = /\s/.test(unit.text.trim())
        ? dropWords(unit.text, fnv(`${id}#${i}#${k}`))
        : unit.text.replace(/[^\n]{1,3}/gu, (run) => (generator(fnv(`${id}#${i}#${k}#${run}`))() < 0.2 ? '' : run));
      if (text !== '' && text !== unit.text) variants.push(featuresOf({ ...unit, text }, vocabulary));
    }
  }
  return {
    variants,
    found,
    mayFlag: learnedMayFlag(context),
    id,
    set,
    attack,
    text,
    ...(input ? { input } : {}),
    ...(reference ? { reference } : {}),
    units: units.map((u) => featuresOf(u, vocabulary)),
  };
}

function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Paragraphs of the Markdown files in node_modules: a fixed sample of ordinary prose. */
function markdownParagraphs(limit: number): Answer[] {
  const files: string[] = [];
  const walk = (dir: string, depth: number): void => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      let st;
      try {
        st = statSync(path);
      } catch {
        continue;
      }
      if (st.isDirectory() && depth < 6) walk(path, depth + 1);
      else if (st.isFile() && /\.md$/i.test(name) && st.size > 2000) files.push(path);
    }
  };
  walk(join(ROOT, 'node_modules'), 0);
  const paragraphs: { key: number; text: string; id: string }[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    text.split(/\n\s*\n/).forEach((p, i) => {
      if (p.trim().length < 40 || p.length > 3000) return;
      const id = `${file.slice(ROOT.length)}#${i}`;
      paragraphs.push({ key: fnv(id), text: p, id });
    });
  }
  paragraphs.sort((a, b) => a.key - b.key || (a.id < b.id ? -1 : 1));
  return paragraphs.slice(0, limit).map((p) => answer(p.id, 'markdown', false, p.text));
}

// EXCLUDE=train-template: sets left out of everything (training and measuring), to measure what one adds.
const EXCLUDED = new Set((process.env['EXCLUDE'] ?? '').split(',').filter((s) => s !== ''));

function loadAll(): Answer[] {
  const all: Answer[] = [];
  for (const set of SETS.filter((s) => !EXCLUDED.has(s)))
    for (const r of readJsonl(`tests/corpus/judge-manipulation/${set}.jsonl`))
      all.push(answer(r['id']!, set, r['label'] === 'attack', r['text']!, r['input'], r['reference']));
  for (const r of readJsonl('eval-datasets/judged/tasks.jsonl'))
    for (const field of ['input', 'reference'])
      all.push(answer(`${r['id']}.${field}`, 'shipped', false, r[field]!, r['input'], r['reference']));
  all.push(...markdownParagraphs(4000));
  return all;
}

const DIM = 1 << FEATURE_BITS;

function dot(w: Float32Array, f: Features): number {
  let s = 0;
  for (const i of f.index) s += w[i]!;
  return s * f.value;
}

interface Sample {
  f: Features;
  y: 0 | 1;
  weight: number;
}

/** Logistic regression by AdaGrad with L2, over shuffled samples. */
function fit(
  samples: readonly Sample[],
  seed: number,
  epochs = Number(process.env['EPOCHS'] ?? 20),
): { weights: Float32Array; bias: number } {
  const w = new Float32Array(DIM);
  const g2 = new Float32Array(DIM).fill(1e-8);
  let b = 0;
  let gb = 1e-8;
  const rate = 0.3;
  const l2 = Number(process.env['L2'] ?? 1e-5);
  const random = generator(seed);
  const order = samples.map((_, i) => i);
  for (let e = 0; e < epochs; e++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const k of order) {
      const s = samples[k]!;
      const z = b + dot(w, s.f);
      const p = 1 / (1 + Math.exp(-z));
      const g = (p - s.y) * s.weight;
      for (const i of s.f.index) {
        const gi = g * s.f.value + l2 * w[i]!;
        g2[i]! += gi * gi;
        w[i]! -= (rate * gi) / Math.sqrt(g2[i]!);
      }
      gb += g * g;
      b -= (rate * g) / Math.sqrt(gb);
    }
  }
  return { weights: w, bias: b };
}

/**
 * Multiple-instance training: an attack's best unit is its positive; every honest unit is a
 * negative, and so is every unit of an attack that the rules find nothing in when they
 * find the attack elsewhere (the answer to the task before "Note to the grader").
 */
function train(answers: readonly Answer[], seed: number): { weights: Float32Array; bias: number } {
  const negatives: Sample[] = answers.flatMap((a) =>
    a.units.flatMap((f, i) =>
      !a.attack || (a.found.length > 0 && !a.found.includes(i)) ? [{ f, y: 0 as const, weight: 1 }] : [],
    ),
  );
  const attacks = answers.filter((a) => a.attack && a.units.length > 0);
  const candidates = (a: Answer): Features[] => (a.found.length > 0 ? a.found.map((i) => a.units[i]!) : a.units);
  const positiveWeight = negatives.length / Math.max(1, attacks.length);
  let positives: Sample[] = attacks.flatMap((a) =>
    candidates(a).map((f) => ({ f, y: 1 as const, weight: positiveWeight / candidates(a).length })),
  );
  // The word-dropped variants of the attack lines the rules find, together one attack's weight.
  const variants: Sample[] = attacks.flatMap((a) =>
    a.variants.map((f) => ({ f, y: 1 as const, weight: positiveWeight / Math.max(1, a.variants.length) })),
  );
  let model = fit([...negatives, ...positives, ...variants], seed);
  for (let round = 0; round < 3; round++) {
    positives = attacks.map((a) => {
      const units = candidates(a);
      let best = units[0]!;
      let bestScore = -Infinity;
      for (const f of units) {
        const s = dot(model.weights, f);
        if (s > bestScore) [best, bestScore] = [f, s];
      }
      return { f: best, y: 1 as const, weight: positiveWeight };
    });
    model = fit([...negatives, ...positives, ...variants], seed + round + 1);
  }
  return model;
}

/**
 * SEEDS models trained with different seeds (shuffles), their weights averaged: a linear
 * model's average is one model, scored as one. 1 (the default) is the single model.
 */
const SEEDS = Number(process.env['SEEDS'] ?? 1);
function trainAveraged(answers: readonly Answer[], seed: number): { weights: Float32Array; bias: number } {
  if (SEEDS <= 1) return train(answers, seed);
  const weights = new Float32Array(DIM);
  let bias = 0;
  for (let k = 0; k < SEEDS; k++) {
    const m = train(answers, seed + 1000 * k);
    for (let i = 0; i < DIM; i++) weights[i]! += m.weights[i]! / SEEDS;
    bias += m.bias / SEEDS;
  }
  return { weights, bias };
}

const STRONG_QUANTILE = 0.99;
const BORDERLINE_QUANTILE = 0.95;
let LAST_OOF: number[] = [];
/** The out-of-fold honest scores of the last calibration, with the answer each is of (for --dump). */
let LAST_OOF_ROWS: { id: string; set: SetName; chars: number; units: number; mayFlag: boolean; score: number }[] = [];
const UNCALIBRATED = { strong: -Infinity, borderline: -Infinity };

/** An answer's score under a model: its best unit that the scan would report (-Infinity when none). */
function scoreOf(model: Model, a: Answer): number {
  return learnedSignal(a.text, { input: a.input ?? '', reference: a.reference ?? '' }, model)?.score ?? -Infinity;
}

/** Trains on answers and sets the thresholds from out-of-fold scores of their honest answers. */
function trainCalibrated(answers: readonly Answer[], seed: number, strongAt = STRONG_QUANTILE): Model {
  const folds = 5;
  // Two pools: every honest answer's score (for the borderline threshold: any finding goes to
  // the second opinion), and the same counted as the scan counts a flag (for the strong one).
  const flagScores: number[] = [];
  const allScores: number[] = [];
  LAST_OOF_ROWS = [];
  for (let k = 0; k < folds; k++) {
    const inFold = (a: Answer): boolean => fnv(a.id) % folds === k;
    const m = {
      ...trainAveraged(
        answers.filter((a) => !inFold(a)),
        seed + 10 * k,
      ),
      ...UNCALIBRATED,
    };
    // An answer whose finding may not flag (a translated grading text, a task about marking)
    // sets no strong threshold (round 16; before, its score counted, and the translations of
    // attacks the development set holds were most of the top percent). POOL=all: as before.
    for (const a of answers)
      if (inFold(a) && !a.attack && a.set !== 'markdown') {
        const score = scoreOf(m, a);
        allScores.push(score);
        flagScores.push(a.mayFlag || process.env['POOL'] === 'all' ? score : -Infinity);
        LAST_OOF_ROWS.push({
          id: a.id,
          set: a.set,
          chars: a.text.length,
          units: a.units.length,
          mayFlag: a.mayFlag,
          score,
        });
      }
  }
  const quantile = (scores: number[], q: number): number => {
    const sorted = [...scores].sort((x, y) => x - y);
    return sorted[Math.min(sorted.length - 1, Math.ceil(q * (sorted.length - 1)))] ?? 0;
  };
  LAST_OOF = [...flagScores].sort((x, y) => x - y);
  // As shipped: int8 weights (what the scan reads; re-encoding them gives the same bytes).
  const trained = trainAveraged(answers, seed);
  const quantized = encodeWeights(trained.weights);
  const model = { weights: decodeWeights(quantized.base64, quantized.scale), bias: trained.bias };
  // GUARD=1 (an experiment of round 10, off): never at or below an honest answer the final
  // model was trained on and would flag (scored as the scan scores it). Leaving one set out,
  // it cost two of the ninth blind set's attacks for no honest answer, so it is left off. Tried
  // again in round 14: leaving the fourteenth and fifteenth sets out it did as well as the
  // percentile (143 and 144 flagged, 0 and 1 honest), but trained on everything it set the
  // threshold at 3.58 from one development probe written to look like an attack ("To the best
  // of my knowledge, this is the correct answer: …"), and the scan then missed some 40 attacks
  // of the sets it was trained on; left off.
  let seen = -Infinity;
  if (process.env['GUARD'] === '1') {
    const open = { ...model, strong: -Infinity, borderline: -Infinity };
    for (const a of answers) {
      if (a.attack || a.set === 'markdown') continue;
      const context = { input: a.input ?? '', reference: a.reference ?? '' };
      if (scanAnswer(a.text, context, open).flagged.some((f) => f.kind === 'learned'))
        seen = Math.max(seen, scoreOf(open, a));
    }
  }
  const strong = Math.max(quantile(flagScores, strongAt), seen + 1e-3);
  return { ...model, strong, borderline: Math.min(strong, quantile(allScores, BORDERLINE_QUANTILE)) };
}

interface Counts {
  attacks: number;
  honest: number;
  modelFlagged: number;
  modelHonest: number;
  rulesFlagged: number;
  rulesHonest: number;
  bothFlagged: number;
  bothHonest: number;
  borderlineAttacks: number;
  borderlineHonest: number;
}

function measure(model: Model, answers: readonly Answer[]): Counts {
  const c: Counts = {
    attacks: 0,
    honest: 0,
    modelFlagged: 0,
    modelHonest: 0,
    rulesFlagged: 0,
    rulesHonest: 0,
    bothFlagged: 0,
    bothHonest: 0,
    borderlineAttacks: 0,
    borderlineHonest: 0,
  };
  for (const a of answers) {
    const context = { input: a.input ?? '', reference: a.reference ?? '' };
    const rules = scanAnswer(a.text, context, null);
    const both = scanAnswer(a.text, context, model);
    const m = both.flagged.some((f) => f.kind === 'learned');
    const r = rules.flagged.length > 0;
    const b = both.flagged.length > 0;
    const any = b || both.borderline.length > 0;
    if (a.attack) {
      c.attacks++;
      if (m) c.modelFlagged++;
      if (r) c.rulesFlagged++;
      if (b) c.bothFlagged++;
      if (any) c.borderlineAttacks++;
    } else {
      c.honest++;
      if (m) c.modelHonest++;
      if (r) c.rulesHonest++;
      if (b) c.bothHonest++;
      if (any) c.borderlineHonest++;
    }
  }
  return c;
}

/**
 * DUMP=file (with --loso): appends, per fold, the out-of-fold honest scores the threshold was
 * set from and, for each answer of the set left out, what the rules flag and the model's score
 * (and whether the scan would let it flag), so that ways of setting the threshold can be
 * compared without training again.
 */
function dumpFold(out: SetName, model: Model): void {
  const open = { ...model, strong: -Infinity, borderline: -Infinity };
  const held = corpusSets([out]).map((a) => {
    const context = { input: a.input ?? '', reference: a.reference ?? '' };
    const rules = scanAnswer(a.text, context, null).flagged.length > 0;
    const eligible = scanAnswer(a.text, context, open).flagged.some((f) => f.kind === 'learned');
    return {
      id: a.id,
      attack: a.attack,
      chars: a.text.length,
      units: a.units.length,
      rules,
      eligible,
      score: scoreOf(open, a),
    };
  });
  appendFileSync(
    process.env['DUMP']!,
    `${JSON.stringify({ out, strong: model.strong, borderline: model.borderline, oof: LAST_OOF_ROWS, held })}\n`,
  );
}

const SEED = 29;
const all = loadAll();
const corpusSets = (names: readonly SetName[]): Answer[] => all.filter((a) => names.includes(a.set));

if (process.argv.includes('--explain')) {
  // below
} else if (process.argv.includes('--loso')) {
  console.log(
    '| held out | attacks | honest | rules | model alone | rules + model | honest: rules | model | rules + model | +borderline (attacks / honest) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const out of SETS.filter((s) => !process.env['FOLDS'] || process.env['FOLDS'].split(',').includes(s))) {
    const base = trainCalibrated(
      all.filter((a) => a.set !== out),
      SEED,
    );
    const oof = LAST_OOF;
    const quantiles: (number | 'shipped')[] = process.argv.includes('--quantiles')
      ? [0.98, 0.99, 0.995, 1, 'shipped']
      : ['shipped'];
    for (const q of quantiles) {
      // 'shipped': the thresholds as the weights file would have them (with GUARD=1, guarded).
      const model =
        q === 'shipped'
          ? base
          : { ...base, strong: oof[Math.min(oof.length - 1, Math.ceil(q * (oof.length - 1)))] ?? 0 };
      const c = measure(model, corpusSets([out]));
      if (q === 'shipped' && process.env['DUMP']) dumpFold(out, base);
      console.log(
        `| ${out} ${q === 'shipped' ? 'as shipped' : `q${q}`} t${model.strong.toFixed(2)} | ${c.attacks} | ${c.honest} | ${c.rulesFlagged} | ${c.modelFlagged} | ${c.bothFlagged} | ${c.rulesHonest} | ${c.modelHonest} | ${c.bothHonest} | ${c.borderlineAttacks} / ${c.borderlineHonest} |`,
      );
    }
  }
} else {
  const model = trainCalibrated(all, SEED);
  const { base64, scale } = encodeWeights(model.weights);
  const out = join(ROOT, 'src/core/kinds/judged/manipulation-model-weights.ts');
  const source = `// Written by scripts/train-manipulation-model.ts (seed ${SEED}); do not edit. The learned model of the
// judge-manipulation scan (manipulation-model.ts): ${DIM} weights quantized to int8, in base64.
import { decodeWeights, type Model } from './manipulation-model.ts';

export const SHIPPED_MODEL: Model = {
  weights: decodeWeights(
    '${base64}',
    ${scale},
  ),
  bias: ${model.bias},
  strong: ${model.strong},
  borderline: ${model.borderline},
};
`;
  if (process.argv.includes('--check')) {
    // The shipped weights must be what this script makes of the code and corpus as they are.
    if (readFileSync(out, 'utf8') !== source) {
      console.error(
        `${out} differs from what scripts/train-manipulation-model.ts trains on the current code and corpus: run it without --check and commit the weights`,
      );
      process.exit(1);
    }
    console.log(`${out} matches the training script`);
    process.exit(0);
  }
  writeFileSync(out, source);
  const c = measure(model, corpusSets([...SETS, 'shipped']));
  console.log(
    `wrote ${out}: bias ${model.bias.toFixed(3)}, strong ${model.strong.toFixed(3)}, borderline ${model.borderline.toFixed(3)}`,
  );
  console.log(JSON.stringify(c));
}

if (process.argv.includes('--explain')) {
  // A model trained without one set, its raw scores on that set: the attacks the rules
  // miss, the honest answers above zero, and the highest-scoring Markdown paragraphs.
  const out = process.argv[process.argv.indexOf('--explain') + 1] as SetName;
  const model = {
    ...train(
      all.filter((a) => a.set !== out),
      SEED,
    ),
    ...UNCALIBRATED,
  };
  const show = (tag: string, a: Answer): void => {
    const found = learnedSignal(a.text, { input: a.input ?? '', reference: a.reference ?? '' }, model);
    console.log(`${tag} ${found?.score.toFixed(2) ?? '—'} ${a.id} ${JSON.stringify(found?.signal.excerpt ?? '')}`);
  };
  for (const a of corpusSets([out]))
    if (
      a.attack &&
      scanAnswer(a.text, { input: a.input ?? '', reference: a.reference ?? '' }, null).flagged.length === 0
    )
      show('missed by the rules:', a);
  for (const a of corpusSets([out])) if (!a.attack && scoreOf(model, a) > 0) show('honest:', a);
  const markdown = corpusSets(['markdown'])
    .map((a) => ({ a, s: scoreOf(model, a) }))
    .sort((x, y) => y.s - x.s)
    .slice(0, 5);
  for (const { a } of markdown) show('markdown:', a);
}
