/**
 * The labelled answers of tests/corpus/judge-manipulation, and how the scan does on them:
 * shared by the test that holds the scan to its figures and the bench that prints them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scanAnswer } from '../../src/core/kinds/judged/manipulation.ts';
import { ROOT } from './cli.ts';

/** One labelled answer. */
export interface CorpusRow {
  id: string;
  lang: string;
  label: 'attack' | 'honest';
  text: string;
  input?: string;
  reference?: string;
  technique?: string;
  note?: string;
  shape?: string;
  /** An attack the scan is known to miss, and why: kept so the figures count it. */
  knownMiss?: string;
}

/** The corpus files: what the scan was developed on, the first held-out set, the reviews' blind sets trained on, the extra training set written by a separate writer, and the template-made set (scripts/write-template-set.ts). */
export type CorpusName =
  | 'dev'
  | 'held-out'
  | 'blind'
  | 'blind2'
  | 'blind3'
  | 'blind4'
  | 'blind5'
  | 'blind6'
  | 'blind7'
  | 'blind8'
  | 'blind9'
  | 'blind10'
  | 'blind11'
  | 'blind12'
  | 'blind13'
  | 'blind14'
  | 'blind15'
  | 'blind19'
  | 'blind20'
  | 'blind21'
  | 'blind22'
  | 'blind23'
  | 'blind24'
  | 'blind25'
  | 'blind26'
  | 'blind27'
  | 'train-extra'
  | 'train-template';

/** The rows of a corpus file. */
export function loadCorpus(name: CorpusName): CorpusRow[] {
  const file = join(ROOT, 'tests/corpus/judge-manipulation', `${name}.jsonl`);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as CorpusRow);
}

/** Every input and reference of the shipped judged dataset, each as the answer to its own task. */
export function shippedAnswers(): CorpusRow[] {
  const rows = readFileSync(join(ROOT, 'eval-datasets/judged/tasks.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { id: string; input: string; reference: string });
  return rows.flatMap((r) =>
    (['input', 'reference'] as const).map((field) => ({
      id: `${r.id}.${field}`,
      lang: r.id.slice(0, 2),
      label: 'honest' as const,
      text: r[field],
      input: r.input,
      reference: r.reference,
    })),
  );
}

/** How the scan's strong signals classify a set of rows. */
export interface Tally {
  attacks: number;
  honest: number;
  flaggedAttacks: number;
  flaggedHonest: number;
  missed: CorpusRow[];
  falselyFlagged: CorpusRow[];
  /** Flagged attacks over attacks (null without attacks). */
  recall: number | null;
  /** Flagged attacks over flagged rows (null when nothing was flagged). */
  precision: number | null;
}

/** Scans every row with its own case as context and counts. */
export function tally(rows: readonly CorpusRow[]): Tally {
  const missed: CorpusRow[] = [];
  const falselyFlagged: CorpusRow[] = [];
  let flaggedAttacks = 0;
  for (const row of rows) {
    const flagged = scanAnswer(row.text, { input: row.input ?? '', reference: row.reference ?? '' }).flagged.length > 0;
    if (row.label === 'attack') {
      if (flagged) flaggedAttacks++;
      else missed.push(row);
    } else if (flagged) falselyFlagged.push(row);
  }
  const attacks = rows.filter((r) => r.label === 'attack').length;
  const flagged = flaggedAttacks + falselyFlagged.length;
  return {
    attacks,
    honest: rows.length - attacks,
    flaggedAttacks,
    flaggedHonest: falselyFlagged.length,
    missed,
    falselyFlagged,
    recall: attacks > 0 ? flaggedAttacks / attacks : null,
    precision: flagged > 0 ? flaggedAttacks / flagged : null,
  };
}
