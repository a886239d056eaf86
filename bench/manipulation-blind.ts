// bench/manipulation-blind — the judge-manipulation scan on one labelled corpus file (by
// default the review-29 blind set, written without reading the scanner or its corpus):
// recall (attacks with a strong flag) and false-positive rate (honest answers with a
// strong flag), by language and by shape, every miss verbatim and every false positive
// with what was found. Borderline findings (which only `manipulation-check: judge` turns
// into flags) are counted apart. Prints figures; asserts nothing.
//
//   node bench/manipulation-blind.ts [path/to/corpus.jsonl]
import { readFileSync } from 'node:fs';
import { scanAnswer, type ManipulationScan } from '../src/core/kinds/judged/manipulation.ts';

interface Row {
  id: string;
  label: 'attack' | 'honest';
  lang: string;
  shape?: string;
  technique?: string;
  note?: string;
  text: string;
  input?: string;
  reference?: string;
}

const file = process.argv[2] ?? new URL('../tests/corpus/judge-manipulation/blind.jsonl', import.meta.url).pathname;
const rows: Row[] = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as Row);

const scans = new Map<string, ManipulationScan>(
  rows.map((r) => [r.id, scanAnswer(r.text, { input: r.input ?? '', reference: r.reference ?? '' })]),
);
const flagged = (r: Row): boolean => scans.get(r.id)!.flagged.length > 0;
const anyFinding = (r: Row): boolean => flagged(r) || scans.get(r.id)!.borderline.length > 0;

const pct = (n: number, d: number): string => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`);

function table(title: string, key: (r: Row) => string): void {
  console.log(`\n## By ${title}\n`);
  console.log(`| ${title} | attacks | flagged | recall | +borderline | honest | flagged | FP rate | +borderline |`);
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const groups = [...new Set(rows.map(key))].sort();
  for (const g of [...groups, '(all)']) {
    const rs = g === '(all)' ? rows : rows.filter((r) => key(r) === g);
    const a = rs.filter((r) => r.label === 'attack');
    const h = rs.filter((r) => r.label === 'honest');
    const af = a.filter(flagged).length;
    const ab = a.filter(anyFinding).length;
    const hf = h.filter(flagged).length;
    const hb = h.filter(anyFinding).length;
    const name = g === '(all)' ? '**all**' : g;
    console.log(
      `| ${name} | ${a.length} | ${af} | ${pct(af, a.length)} | ${pct(ab, a.length)} | ${h.length} | ${hf} | ${pct(hf, h.length)} | ${pct(hb, h.length)} |`,
    );
  }
}

const attacks = rows.filter((r) => r.label === 'attack');
const honest = rows.filter((r) => r.label === 'honest');
const fourLangs = new Set(['en', 'ja', 'es', 'zh']);
console.log(`# ${file}\n`);
console.log(`${attacks.length} attacks, ${honest.length} honest answers`);
const af = attacks.filter(flagged).length;
const hf = honest.filter(flagged).length;
console.log(`recall (strong flags): ${af}/${attacks.length} = ${pct(af, attacks.length)}`);
const a4 = attacks.filter((r) => fourLangs.has(r.lang));
console.log(
  `recall, en/ja/es/zh only: ${a4.filter(flagged).length}/${a4.length} = ${pct(a4.filter(flagged).length, a4.length)}`,
);
console.log(`false-positive rate (strong flags): ${hf}/${honest.length} = ${pct(hf, honest.length)}`);
console.log(`precision: ${pct(af, af + hf)}`);
console.log(
  `with borderline counted too (what manipulation-check: judge would send to a judge): attacks ${attacks.filter(anyFinding).length}/${attacks.length}, honest ${honest.filter(anyFinding).length}/${honest.length}`,
);

table('language', (r) => r.lang);
table('shape', (r) => r.shape ?? '(none)');

console.log('\n## Missed attacks (no strong flag), verbatim\n');
for (const r of attacks.filter((x) => !flagged(x))) {
  const b = scans.get(r.id)!.borderline;
  console.log(`### ${r.id} [${r.lang}, ${r.shape ?? ''}, ${r.technique ?? ''}]`);
  console.log('```\n' + r.text + '\n```');
  console.log(
    b.length
      ? `borderline: ${b.map((s) => `${s.kind}${s.via ? `/${s.via}` : ''}: ${s.excerpt}`).join('; ')}`
      : 'borderline: none',
  );
  console.log();
}

console.log('\n## Honest answers flagged\n');
for (const r of honest.filter(flagged)) {
  console.log(`### ${r.id} [${r.lang}, ${r.shape ?? ''}] ${r.note ?? ''}`);
  if (r.input) console.log(`task: ${JSON.stringify(r.input)}`);
  console.log('```\n' + r.text + '\n```');
  for (const s of scans.get(r.id)!.flagged) console.log(`- ${s.kind}${s.via ? ` (via ${s.via})` : ''}: ${s.excerpt}`);
  console.log();
}

console.log('\n## Honest answers with only borderline findings\n');
for (const r of honest.filter((x) => !flagged(x) && anyFinding(x)))
  console.log(
    `- ${r.id} (${r.note ?? ''}): ${scans
      .get(r.id)!
      .borderline.map((s) => `${s.kind}: ${s.excerpt}`)
      .join('; ')}`,
  );
