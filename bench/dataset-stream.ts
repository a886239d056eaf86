// bench/dataset-stream — validating a dataset of short rows as a pull request could
// commit one: peak memory at 10k, 100k and 1M rows (flat in rows means the ratio stays
// near 1), and the time against a plain read of the same file (each line JSON.parse'd,
// nothing else). Also the same 1M rows loaded for a run under a pull request's budget,
// which stops reading past the calls it allows. Each figure comes from its own child
// process, measured in one run; nothing here is a test assertion.
//
//   node bench/dataset-stream.ts [largest]   (default 1,000,000 rows)
import { execFileSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);
const ROOT = dirname(dirname(here));

interface Figure {
  ms: number;
  maxRssMb: number;
  cases?: number;
  error?: string;
}

/** Child: run one measurement in this process and print it as JSON. */
async function child(mode: string, dir: string): Promise<void> {
  const started = performance.now();
  const out: Figure = { ms: 0, maxRssMb: 0 };
  if (mode === 'plain') {
    let rows = 0;
    const lines = createInterface({ input: createReadStream(join(dir, 'data.jsonl')), crlfDelay: Infinity });
    for await (const line of lines) if (line !== '') rows += JSON.parse(line) ? 1 : 0;
    out.cases = rows;
  } else {
    const { parseConfig } = await import('../src/core/config/load.ts');
    const { validateWorkspace } = await import('../src/core/engine.ts');
    const { createFsWorkspace } = await import('../src/adapters/fs-store.ts');
    const { readFile } = await import('node:fs/promises');
    const loaded = parseConfig(await readFile(join(dir, 'evalgate.yml'), 'utf8'), 'evalgate.yml');
    try {
      const { suites } = await validateWorkspace(loaded, [], createFsWorkspace(dir), {
        cases: mode === 'validate' ? { keep: false } : { maxRows: 5000 },
      });
      out.cases = suites[0]?.caseCount ?? 0;
    } catch (error) {
      out.error = (error as Error).message.slice(0, 120);
    }
  }
  out.ms = performance.now() - started;
  out.maxRssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(JSON.stringify(out));
}

async function makeDataset(dir: string, rows: number): Promise<void> {
  await mkdir(dir, { recursive: true });
  await cp(join(ROOT, 'prompts'), join(dir, 'prompts'), { recursive: true });
  await writeFile(
    join(dir, 'evalgate.yml'),
    `version: 1
providers:
  target: {model: gpt-4o-mini}
suites:
  - name: big
    kind: exact-copy
    provider: target
    dataset: data.jsonl
    templates: {system: prompts/copy/qa-system.txt, user: prompts/copy/qa-user.txt}
`,
  );
  const lines: string[] = [];
  for (let i = 0; i < rows; i++)
    lines.push(JSON.stringify({ id: `c${i}`, question: 'q', context: `a\nb${i}`, expected: `b${i}` }));
  await writeFile(join(dir, 'data.jsonl'), `${lines.join('\n')}\n`);
}

function measure(mode: string, dir: string): Figure {
  const text = execFileSync(process.execPath, [here, '--child', mode, dir], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return JSON.parse(text) as Figure;
}

async function main(): Promise<void> {
  const largest = Number(process.argv[2] ?? 1_000_000);
  const sizes = [10_000, 100_000, largest].filter((n, i, all) => all.indexOf(n) === i && n <= largest);
  const root = await mkdtemp(join(tmpdir(), 'evalgate-bench-stream-'));
  try {
    const table: { rows: number; validate: Figure; plain: Figure; prRun: Figure }[] = [];
    for (const rows of sizes) {
      const dir = join(root, String(rows));
      await makeDataset(dir, rows);
      table.push({
        rows,
        validate: measure('validate', dir),
        plain: measure('plain', dir),
        prRun: measure('pr-run', dir),
      });
    }
    const fmt = (n: number): string => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
    console.log(
      'rows        validate: ms   peak RSS MB | plain read: ms   peak RSS MB | PR run (budget 5000): ms  peak RSS MB',
    );
    for (const t of table)
      console.log(
        `${fmt(t.rows).padStart(9)}  ${fmt(t.validate.ms).padStart(12)}  ${fmt(t.validate.maxRssMb).padStart(12)} | ${fmt(t.plain.ms).padStart(14)}  ${fmt(t.plain.maxRssMb).padStart(12)} | ${fmt(t.prRun.ms).padStart(24)}  ${fmt(t.prRun.maxRssMb).padStart(11)}`,
      );
    const first = table[0] as (typeof table)[number];
    const last = table[table.length - 1] as (typeof table)[number];
    console.log(
      `\nvalidate: peak RSS at ${fmt(last.rows)} rows / at ${fmt(first.rows)} rows = ${(last.validate.maxRssMb / first.validate.maxRssMb).toFixed(2)} (rows grew ${fmt(last.rows / first.rows)}×)`,
    );
    console.log(
      `validate: time / plain read (JSON.parse per line) at ${fmt(last.rows)} rows = ${(last.validate.ms / last.plain.ms).toFixed(2)}`,
    );
    console.log(
      `PR run under a 5000-call budget at ${fmt(last.rows)} rows: ${last.prRun.error ? `stopped after ${fmt(last.prRun.ms)} ms, peak RSS ${fmt(last.prRun.maxRssMb)} MB ("${last.prRun.error}…")` : 'not stopped'}`,
    );
    console.log(
      `(validate counted ${fmt(last.validate.cases ?? 0)} cases; plain read ${fmt(last.plain.cases ?? 0)} rows)`,
    );
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3] as string, process.argv[4] as string);
else await main();
