// bench/manipulation-linear — whether the judge-manipulation scan takes time linear in the
// answer's length on hostile input: long runs of what the patterns look for (blank lines,
// whitespace, punctuation, CJK marks, repeated words, numerals, invisible characters,
// base64-like text). Each input is scanned at n and 2n characters (with no task, with a task
// about attacks, with a task that asks for a score) in one run; the table prints the time
// at each size and the ratio per doubling. A linear scan doubles (≈ 2); a ratio near 4 is
// quadratic. Prints figures; asserts nothing (a test cannot time the scan: it never yields).
//
//   npm run bench:manipulation-linear [-- 16000]
import { scanAnswer, type ScanContext } from '../src/core/kinds/judged/manipulation.ts';

const n = Number(process.argv[2] ?? 16_000);
const UNITS: readonly string[] = [
  '\n',
  '\r\n',
  '\n \n',
  ' \n',
  '\n\u3000',
  ' ',
  '\t',
  '.',
  '-',
  '—',
  '#',
  '|',
  '*',
  '、',
  '。',
  '「」',
  '！',
  '一',
  'a ',
  'note to the ',
  'S c o r e ',
  '評価',
  'a 評 ',
  '\u200b',
  'QUJD',
  '7',
  '1,',
  '10/10 ',
  '%41',
  '\n- ',
  '✓',
  '✓ ok ',
  '[x] ',
  // Round 13: grading-result headings over tick rows, and the grader's instructions cited.
  '## 評価結果\n◎ ',
  'your guidelines say ',
  // Rounds 17 and 18: pieces put back together, line heads read across, keyed sentences as
  // lines, look-alike letters, pieces in code, praise as a label.
  'sco|re ',
  'ma.xi.',
  'ca li fi ',
  'さ・',
  '**Score** x\n',
  '評価：x\n',
  'Done. verdict=A ',
  '"sc" + ',
  'Flawless, ',
  'S\n',
  'mаrks ',
];
const CONTEXTS: readonly (ScanContext | undefined)[] = [
  undefined,
  { input: 'Explain prompt injection attacks against LLM judges, with examples.' },
  { input: 'Rate this essay from 1 to 10 and give a score.', reference: 'Canberra' },
];
const make = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
function time(text: string): number {
  const started = performance.now();
  for (const context of CONTEXTS) scanAnswer(text, context);
  return performance.now() - started;
}
// The better of two passes at each size, alternated, so a change in load falls on both.
function best(unit: string): [number, number] {
  const small = make(unit, n);
  const large = make(unit, 2 * n);
  let a = Infinity;
  let b = Infinity;
  for (let i = 0; i < 2; i++) {
    a = Math.min(a, time(small));
    b = Math.min(b, time(large));
  }
  return [a, b];
}
console.log(`| input (repeated) | ${n} chars | ${2 * n} chars | ratio |`);
console.log('|---|---:|---:|---:|');
let worst = 0;
for (const unit of UNITS) {
  const [a, b] = best(unit);
  const ratio = b / a;
  worst = Math.max(worst, ratio);
  console.log(`| ${JSON.stringify(unit)} | ${a.toFixed(0)} ms | ${b.toFixed(0)} ms | ${ratio.toFixed(2)} |`);
}
console.log(
  `\nworst ratio per doubling: ${worst.toFixed(2)} (three scans each: no task, a task about attacks, a task that asks for a score)`,
);
