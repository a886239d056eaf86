/**
 * Word-level differences between a baseline reply and a candidate reply, for report.html.
 *
 * Written here rather than taken from a diff package: the page must carry its diff inline
 * (nothing is fetched, and the policy allows only our own script), so whatever we use is
 * shipped as source inside every report; Myers' O((N+M)·D) algorithm over word tokens is
 * sixty lines we can read, test and cap. The same function runs in Node's tests and, as
 * its own source text (`diffWords.toString()`), in the page — so it must stay
 * self-contained: no reference to anything outside its body.
 *
 * Words come from Intl.Segmenter where the runtime has it (Japanese and Chinese have no
 * spaces; ICU's dictionary finds their words), else from a Unicode-aware pattern. Common
 * leading and trailing words are set aside first; the rest is diffed unless it would take
 * more than `maxEdits` insertions and deletions, when null says "too different to mark".
 */

/** A run of text and whether it differs from the other side. */
export type DiffPart = [text: string, changed: boolean];

/** Both sides cut into parts, or null when they differ too much to mark word by word. */
export type WordDiff = { a: DiffPart[]; b: DiffPart[] } | null;

/** The differences between two texts, word by word. */
export function diffWords(a: string, b: string, maxEdits: number): WordDiff {
  const split = (text: string): string[] => {
    const Segmenter = typeof Intl === 'object' ? Intl.Segmenter : undefined;
    if (typeof Segmenter === 'function') {
      const out: string[] = [];
      for (const s of new Segmenter(undefined, { granularity: 'word' }).segment(text)) out.push(s.segment);
      return out;
    }
    return text.match(/\s+|[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu) ?? [];
  };
  const x = split(a);
  const y = split(b);
  let start = 0;
  while (start < x.length && start < y.length && x[start] === y[start]) start++;
  let endX = x.length;
  let endY = y.length;
  while (endX > start && endY > start && x[endX - 1] === y[endY - 1]) {
    endX--;
    endY--;
  }
  const n = endX - start;
  const m = endY - start;
  const changedX = new Uint8Array(x.length);
  const changedY = new Uint8Array(y.length);
  if (n === 0 || m === 0) {
    for (let i = 0; i < n; i++) changedX[start + i] = 1;
    for (let j = 0; j < m; j++) changedY[start + j] = 1;
  } else {
    if (Math.abs(n - m) > maxEdits) return null;
    const max = n + m;
    const offset = max + 1;
    const v = new Int32Array(2 * max + 3);
    // trace[d]: the furthest reach on each diagonal before step d, diagonals −d−1 … d+1.
    const trace: Int32Array[] = [];
    let done = false;
    for (let d = 0; d <= max && !done; d++) {
      if (d > maxEdits) return null;
      trace.push(v.slice(offset - d - 1, offset + d + 2));
      for (let k = -d; k <= d; k += 2) {
        let i =
          k === -d || (k !== d && (v[offset + k - 1] as number) < (v[offset + k + 1] as number))
            ? (v[offset + k + 1] as number)
            : (v[offset + k - 1] as number) + 1;
        let j = i - k;
        while (i < n && j < m && x[start + i] === y[start + j]) {
          i++;
          j++;
        }
        v[offset + k] = i;
        if (i >= n && j >= m) {
          done = true;
          break;
        }
      }
    }
    let i = n;
    let j = m;
    for (let d = trace.length - 1; d > 0; d--) {
      const reach = trace[d] as Int32Array;
      const at = (k: number): number => reach[k + d + 1] as number;
      const k = i - j;
      const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
      const prevI = at(prevK);
      const prevJ = prevI - prevK;
      while (i > prevI && j > prevJ) {
        i--;
        j--;
      }
      if (i === prevI) changedY[start + prevJ] = 1;
      else changedX[start + prevI] = 1;
      i = prevI;
      j = prevJ;
    }
  }
  const parts = (tokens: string[], changed: Uint8Array): DiffPart[] => {
    const out: DiffPart[] = [];
    tokens.forEach((token, index) => {
      const flag = changed[index] === 1;
      const last = out[out.length - 1];
      if (last && last[1] === flag) last[0] += token;
      else out.push([token, flag]);
    });
    return out;
  };
  return { a: parts(x, changedX), b: parts(y, changedY) };
}
