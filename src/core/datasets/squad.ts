/**
 * Builds exact-copy sets from any SQuAD-v1.1-format JSON (JSQuAD is one), per docs/design/spec.md §1.3:
 * flatten questions in file order; each case's context is three lines with the question's
 * own paragraph on line 2 between two filler paragraphs drawn from elsewhere in the file;
 * line breaks inside paragraphs become spaces; the `random` variant replaces every line
 * with seeded random kana of the same length. Same file, options and seed → same bytes.
 */
import { configError } from '../errors.ts';
import { createRandom, type Random } from '../stats/random.ts';

/** Options of the builder. */
export interface BuildOptions {
  /** How many cases to sample (all when larger than the file). */
  n: number;
  seed: number;
  random: boolean;
}

/** One flattened question. */
interface Item {
  id: string;
  question: string;
  paragraph: number;
}

/** The builder's output: JSONL text and counts for the user. */
export interface BuiltSet {
  jsonl: string;
  cases: number;
  available: number;
  paragraphs: number;
}

/** Builds an exact-copy JSONL from SQuAD-format JSON text. */
export function buildExactCopySet(text: string, file: string, options: BuildOptions): BuiltSet {
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw configError({ file }, `not valid JSON (${(error as Error).message})`);
  }
  const data = (doc as { data?: unknown } | null)?.data;
  if (!Array.isArray(data))
    throw configError(
      { file },
      'expected SQuAD v1.1 format: {"data": [{"title", "paragraphs": [{"context", "qas": [...]}]}]}',
    );
  const paragraphs: string[] = [];
  const items: Item[] = [];
  data.forEach((article: unknown, a) => {
    const paras = (article as { paragraphs?: unknown } | null)?.paragraphs;
    if (!Array.isArray(paras)) throw configError({ file, path: `data[${a}].paragraphs` }, 'must be a list');
    paras.forEach((p: unknown, pi) => {
      const context = (p as { context?: unknown } | null)?.context;
      const qas = (p as { qas?: unknown } | null)?.qas;
      if (typeof context !== 'string')
        throw configError({ file, path: `data[${a}].paragraphs[${pi}].context` }, 'must be a string');
      if (!Array.isArray(qas)) throw configError({ file, path: `data[${a}].paragraphs[${pi}].qas` }, 'must be a list');
      const index = paragraphs.length;
      paragraphs.push(oneLine(context));
      qas.forEach((qa: unknown, qi) => {
        const q = qa as { question?: unknown; id?: unknown } | null;
        if (typeof q?.question !== 'string')
          throw configError({ file, path: `data[${a}].paragraphs[${pi}].qas[${qi}].question` }, 'must be a string');
        items.push({
          id: q.id === undefined ? `p${index}q${qi}` : String(q.id),
          question: oneLine(q.question),
          paragraph: index,
        });
      });
    });
  });
  const distinct = new Set(paragraphs);
  if (distinct.size < 3)
    throw configError({ file }, `needs at least 3 distinct paragraphs to draw fillers from, found ${distinct.size}`);
  if (items.length === 0) throw configError({ file }, 'has no questions');
  if (!Number.isInteger(options.n) || options.n < 1)
    throw configError({ file }, `--n must be a positive integer, got ${options.n}`);

  const random = createRandom(`evalgate-squad|${options.seed}`);
  // A separate stream for kana, so --random picks the same items and fillers as the
  // natural set with the same seed: the two sets differ only in the text of the lines.
  const kana = createRandom(`evalgate-squad-kana|${options.seed}`);
  const chosen = sampleIndices(items.length, Math.min(options.n, items.length), random).sort((x, y) => x - y);
  const lines: string[] = [];
  for (const i of chosen) {
    const item = items[i] as Item;
    const own = paragraphs[item.paragraph] as string;
    const fillers = pickFillers(paragraphs, own, random);
    let context = [fillers[0], own, fillers[1]];
    if (options.random) context = context.map((line) => randomKana(Array.from(line).length, kana));
    lines.push(
      JSON.stringify({
        id: item.id,
        question: item.question,
        context: context.join('\n'),
        expected: context[1],
        cluster: `paragraph-${item.paragraph}`,
      }),
    );
  }
  return {
    jsonl: `${lines.join('\n')}\n`,
    cases: lines.length,
    available: items.length,
    paragraphs: paragraphs.length,
  };
}

/** Line breaks (and the spaces around them) inside a paragraph become one space. */
function oneLine(text: string): string {
  return text.replace(/[ \t]*(?:\r\n|\r|\n|\u2028|\u2029)+[ \t]*/g, ' ').trim();
}

/** k distinct indices from [0, n) by a partial Fisher–Yates shuffle. */
function sampleIndices(n: number, k: number, random: Random): number[] {
  const pool = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + random.nextInt(n - i);
    [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
  }
  return pool.slice(0, k);
}

/** Two filler paragraphs, distinct from each other and from the case's own. */
function pickFillers(paragraphs: readonly string[], own: string, random: Random): [string, string] {
  const picked: string[] = [];
  while (picked.length < 2) {
    const candidate = paragraphs[random.nextInt(paragraphs.length)] as string;
    if (candidate !== own && !picked.includes(candidate)) picked.push(candidate);
  }
  return [picked[0] as string, picked[1] as string];
}

const KANA: readonly string[] = (() => {
  const out: string[] = [];
  for (let c = 0x3041; c <= 0x3096; c++) out.push(String.fromCodePoint(c)); // hiragana
  for (let c = 0x30a1; c <= 0x30fa; c++) out.push(String.fromCodePoint(c)); // katakana
  return out;
})();

/** A string of `length` random hiragana/katakana. */
export function randomKana(length: number, random: Random): string {
  let out = '';
  for (let i = 0; i < length; i++) out += KANA[random.nextInt(KANA.length)];
  return out;
}
