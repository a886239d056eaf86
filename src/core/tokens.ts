/**
 * Token counts for `evalgate plan` that stay fast on any input. BPE tokenizers split text
 * into pieces at spaces and punctuation first and merge inside each piece, at a cost that
 * grows with the square of the piece's length: 200,000 characters of kana with no space
 * is one piece and took minutes. Long texts are therefore counted in chunks cut where the
 * tokenizer cuts anyway (before a space, CJK full stop or comma that follows a word, after
 * a line break), which is exact on ordinary text. A run with no such place is cut
 * every `maxRun` characters (a token or so off per cut), and past `exactRun` characters
 * such a run — never ordinary text — is estimated from every `sampleEvery`-th piece,
 * scaled by length. bench/plan-tokens.ts measures the time and the error of each.
 */

/** How chunks are cut and counted. */
export interface ChunkOptions {
  /** Texts up to this length are counted whole (exact). */
  maxChunk?: number;
  /** A stretch with no tokenizer boundary is cut after this many characters. */
  maxRun?: number;
  /** Characters of such a stretch counted piece by piece before sampling starts. */
  exactRun?: number;
  /** Beyond exactRun, one piece in this many is counted and the rest estimated from it. */
  sampleEvery?: number;
}

/** A chunk, and whether it was cut inside a run with no boundary. */
interface Chunk {
  text: string;
  inRun: boolean;
}

/** Counts tokens of long texts chunk by chunk with `count`; short texts in one call. */
export function chunkedTokenCounter(
  count: (text: string) => number,
  options: ChunkOptions = {},
): (text: string) => number {
  const maxChunk = options.maxChunk ?? 2000;
  const maxRun = options.maxRun ?? 64;
  const exactRun = options.exactRun ?? 2048;
  const sampleEvery = options.sampleEvery ?? 8;
  return (text) => {
    if (text.length <= maxChunk) return count(text);
    let total = 0;
    let runChars = 0; // characters of the current boundary-free stretch so far
    let sampledChars = 0;
    let sampledTokens = 0;
    let skippedChars = 0;
    let index = 0;
    const settle = (): void => {
      // Pieces skipped in a long run count at the sampled rate of tokens per character.
      if (skippedChars > 0) total += sampledChars > 0 ? Math.round((skippedChars * sampledTokens) / sampledChars) : 0;
      runChars = sampledChars = sampledTokens = skippedChars = 0;
      index = 0;
    };
    for (const chunk of chunks(text, maxChunk, maxRun)) {
      if (runChars >= exactRun) {
        if (index++ % sampleEvery === 0) {
          const n = count(chunk.text);
          total += n;
          sampledChars += chunk.text.length;
          sampledTokens += n;
        } else {
          skippedChars += chunk.text.length;
        }
      } else {
        total += count(chunk.text);
      }
      if (chunk.inRun) runChars += chunk.text.length;
      else settle();
    }
    settle();
    return total;
  };
}

/** Cuts text into chunks of at most maxChunk characters at tokenizer boundaries (exported for tests). */
export function chunks(text: string, maxChunk: number, maxRun: number): Chunk[] {
  const out: Chunk[] = [];
  let start = 0;
  let lastCut = -1; // the latest boundary since start
  let runStart = 0; // where the current stretch without a boundary began
  const cut = (at: number, inRun: boolean): void => {
    out.push({ text: text.slice(start, at), inRun });
    start = at;
    lastCut = -1;
    runStart = at;
  };
  for (let i = 1; i < text.length; i++) {
    if (isBoundary(text, i)) {
      lastCut = i;
      runStart = i;
    }
    if (i - runStart >= maxRun) {
      // No boundary for maxRun characters: what came before the run is a chunk of its own,
      // then the run is cut here (never inside a surrogate pair).
      if (runStart > start) cut(runStart, false);
      cut(isLowSurrogate(text.charCodeAt(i)) ? i + 1 : i, true);
      continue;
    }
    if (i - start >= maxChunk && lastCut > start) cut(lastCut, false);
  }
  if (start < text.length) out.push({ text: text.slice(start), inRun: false });
  return out;
}

/** Whether the tokenizer's own pre-split separates text[i - 1] from text[i]. */
function isBoundary(text: string, i: number): boolean {
  const prev = text[i - 1] as string;
  const ch = text[i] as string;
  // A space or a CJK full stop or comma joins the word after it, so the cut goes before
  // it, and only after a letter or digit (a run of punctuation is one piece).
  if ((ch === ' ' || ch === '。' || ch === '、') && /[\p{L}\p{N}]/u.test(prev)) return true;
  // After a line break a letter starts a new piece.
  if (prev === '\n' && /[\p{L}\p{N}]/u.test(ch)) return true;
  return false;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
