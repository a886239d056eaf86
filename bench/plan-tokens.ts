// bench/plan-tokens — `evalgate plan` on long texts: the time to count 200,000 characters
// of kana with no space (one tokenizer piece, quadratic when counted whole), the same
// through the whole CLI on a one-case suite, and the error of chunked counting against
// counting whole on ordinary text (the shipped datasets, joined into long texts) and on
// 20,000 characters of kana. Prints figures; asserts nothing.
//
//   npm run bench:plan
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { chunkedTokenCounter } from '../src/core/tokens.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const counted = chunkedTokenCounter(countTokens);

/** Deterministic kana (hiragana and katakana), no spaces or punctuation. */
function kana(n: number, seed = 7): string {
  let x = seed;
  let s = '';
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
    const k = (x >> 8) % 166;
    s += String.fromCharCode(k < 83 ? 0x3041 + k : 0x30a1 + (k - 83));
  }
  return s;
}

const time = <T>(f: () => T): { value: T; ms: number } => {
  const t0 = performance.now();
  const value = f();
  return { value, ms: performance.now() - t0 };
};

// Figures on a shared machine mean little without its load.
console.log(`machine: ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)} (times grow with it)`);

const big = kana(200_000);
const chunkedBig = time(() => counted(big));
console.log(
  `200,000 characters of unbroken kana, chunked count: ${chunkedBig.value.toLocaleString('en-US')} tokens in ${chunkedBig.ms.toFixed(0)} ms`,
);

// Japanese prose with no punctuation at all: the worst case for the cut inside a run.
const prose =
  'わたしはきのうともだちとこうえんにいってさんぽをしましたそれからきっさてんでこーひーをのみながらながいあいだはなしをしました'.repeat(
    100,
  );
const proseWhole = countTokens(prose);
console.log(
  `${prose.length.toLocaleString('en-US')} characters of hiragana prose with no punctuation: whole ${proseWhole} tokens, chunked ${counted(prose)}, error ${((100 * (counted(prose) - proseWhole)) / proseWhole).toFixed(2)}%`,
);

const small = kana(20_000, 11);
const whole = time(() => countTokens(small));
const chunked = time(() => counted(small));
console.log(
  `20,000 characters of unbroken kana: whole ${whole.value} tokens in ${whole.ms.toFixed(0)} ms, chunked ${chunked.value} in ${chunked.ms.toFixed(0)} ms, error ${((100 * (chunked.value - whole.value)) / whole.value).toFixed(2)}%`,
);

// Ordinary text: every string field of the shipped datasets, joined per file.
for (const file of [
  'eval-datasets/exact-copy/natural.jsonl',
  'eval-datasets/judged/tasks.jsonl',
  'eval-datasets/exact-copy/random.jsonl',
]) {
  const rows = (await readFile(join(ROOT, file), 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const text = rows.flatMap((r) => Object.values(r).filter((v): v is string => typeof v === 'string')).join('\n');
  const a = countTokens(text);
  const b = counted(text);
  console.log(
    `${file} (${text.length.toLocaleString('en-US')} characters as one text): whole ${a.toLocaleString('en-US')} tokens, chunked ${b.toLocaleString('en-US')}, error ${((100 * (b - a)) / a).toFixed(3)}%`,
  );
}

// The whole CLI: a one-case exact-copy suite whose context is the 200,000 characters.
const dir = await mkdtemp(join(tmpdir(), 'evalgate-bench-plan-'));
try {
  await mkdir(join(dir, 'prompts'));
  await writeFile(join(dir, 'prompts/user.txt'), '<context>\n{context}\n</context>\n\nQuestion: {question}');
  await writeFile(
    join(dir, 'data.jsonl'),
    `${JSON.stringify({ id: 'long', question: 'Copy the last twenty characters.', context: big, expected: big.slice(-20) })}\n`,
  );
  await writeFile(
    join(dir, 'evalgate.yml'),
    'version: 1\nproviders:\n  target:\n    model: gpt-4o-mini\nsuites:\n  - name: long\n    kind: exact-copy\n    provider: target\n    dataset: data.jsonl\n    templates:\n      user: prompts/user.txt\n',
  );
  // From source (Node strips the types) and, when built, from the bundle users run; a
  // bare --version shows what starting the process costs on its own.
  const entries = [
    ['src/cli/index.ts', join(ROOT, 'src/cli/index.ts')],
    ['dist/cli.js', join(ROOT, 'dist/cli.js')],
  ].filter(([, path]) => existsSync(path as string));
  for (const [name, path] of entries) {
    const timed = (args: string[]): { ms: number; stdout: string } => {
      const t0 = performance.now();
      const r = spawnSync(process.execPath, [path as string, ...args], { cwd: dir, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`${args.join(' ')} failed: ${r.stderr}`);
      return { ms: performance.now() - t0, stdout: r.stdout };
    };
    const start = timed(['--version']);
    const plan = timed(['plan', '--no-cache']);
    const tokens = /long\s+exact-copy\s+\S+\s+1\s+1\s+1\s+\S+\s+([\d,]+)/.exec(plan.stdout)?.[1];
    console.log(
      `evalgate plan on that context (${name}), whole process: ${plan.ms.toFixed(0)} ms (--version alone: ${start.ms.toFixed(0)} ms), ${tokens ?? '?'} input tokens`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
