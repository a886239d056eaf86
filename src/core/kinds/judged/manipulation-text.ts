/**
 * The views of an answer that the judge-manipulation scan reads (manipulation.ts). A
 * judge reads through disguises a pattern does not: a Cyrillic "а" inside "grаder", a
 * zero-width space inside "Score", "S c o r e", a word broken over two lines, or an
 * instruction in base64. So the scan reads the answer folded to one canonical form, and
 * again with spaced letters joined, digits read as letters, ROT13 undone, and every
 * base64, hex, percent-encoded or escaped run decoded.
 *
 * The canonical form (`foldText`): NFKC (full-width and styled letters, ligatures);
 * accents and other marks dropped from Latin, Greek and Cyrillic letters; the characters
 * that render as nothing dropped (Unicode's default-ignorable code points, format
 * characters, the Braille blank); and every other non-ASCII character replaced by its
 * prototype in Unicode's confusables table (TR39, from the `unhomoglyph` package). ASCII
 * is kept as it is: the full TR39 skeleton also turns "m" into "rn" and "0" into "O",
 * which would break the patterns' own words and numbers. The patterns are folded the
 * same way (`foldPattern`), so a Japanese word in a pattern matches the same word in an
 * answer whatever the table does to its kana.
 */
import confusables from 'unhomoglyph/data.json' with { type: 'json' };

const PROTOTYPE: Readonly<Record<string, string>> = confusables;

/** Characters that render as nothing, or as a blank the reader does not see as a gap. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]/u;
const MARKS_AFTER_ALPHABETIC = /(?<=[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]\p{M}*)\p{M}+/gu;

/** The prototype of one code point that is not ASCII (itself when the table has none). */
function prototypeOf(ch: string): string {
  return Object.hasOwn(PROTOTYPE, ch) ? (PROTOTYPE[ch] as string) : ch;
}

/** An answer (or a case's task and reference) in the canonical form the patterns are written against. */
export function foldText(text: string): string {
  const composed = text.normalize('NFKC').normalize('NFD').replace(MARKS_AFTER_ALPHABETIC, '').normalize('NFKC');
  let out = '';
  for (const ch of composed) {
    if (ch.charCodeAt(0) < 0x80) out += ch;
    else if (!INVISIBLE.test(ch)) out += prototypeOf(ch);
  }
  return out;
}

const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|/-]/g;

/**
 * A pattern's source with its non-ASCII characters folded as foldText folds an answer's
 * (ASCII, where all regex syntax lives, is kept). A fold that gives several characters
 * inside a character class would silently change the class: that is a bug, thrown.
 */
export function foldPattern(source: string): string {
  let out = '';
  let inClass = false;
  let escaped = false;
  for (const ch of source) {
    if (ch.charCodeAt(0) < 0x80) {
      if (!escaped && ch === '[') inClass = true;
      else if (!escaped && ch === ']') inClass = false;
      escaped = !escaped && ch === '\\';
      out += ch;
      continue;
    }
    escaped = false;
    const folded = foldText(ch);
    if (inClass && [...folded].length !== 1)
      throw new Error(`pattern character ${JSON.stringify(ch)} folds to ${JSON.stringify(folded)} inside a class`);
    out += folded.replace(REGEX_SPECIAL, '\\$&');
  }
  return out;
}

const CJK = String.raw`[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30FC]`;
const SPACED_LETTERS =
  /(?<![\p{L}\p{N}])\p{L}(?:(?:[ \t\u00A0._*·•~+|/\\'"`-]{1,3}|[ \t]*\n[ \t]*)\p{L}(?![\p{L}\p{N}])){2,}/gu;
const SPACE_BETWEEN_CJK = new RegExp(String.raw`(?<=${CJK})[ \t\u3000]+(?=${CJK})|(?<=${CJK})[ \t]+(?=[:=])`, 'gu');
const HYPHENATED_BREAK = /(?<=\p{L})-[ \t]*\n[ \t]*(?=\p{L})/gu;
const BROKEN_WORD = /(?<=\p{Ll})\n(?=\p{Ll})/gu;

/** Letters spread out ("S c o r e", "S-c-o-r-e", one per line) and words broken over lines, joined. */
export function joinSpreadLetters(folded: string): string {
  return folded
    .replace(SPACED_LETTERS, (run) => run.replace(/[^\p{L}]/gu, ''))
    .replace(SPACE_BETWEEN_CJK, '')
    .replace(HYPHENATED_BREAK, '')
    .replace(BROKEN_WORD, '');
}

const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};
const MIXED_TOKEN = /(?<![\p{L}\p{N}@$])(?=[\p{L}\p{N}@$]*\p{L})(?=[\p{L}\p{N}@$]*[013457@$])[\p{L}\p{N}@$]{2,}/gu;

/** Digits and symbols inside words read as the letters they stand for ("sc0re", "gr4der"); null when there are none. */
export function unLeet(folded: string): string | null {
  let changed = false;
  const out = folded.replace(MIXED_TOKEN, (token) => {
    if (!/\p{L}/u.test(token.replace(/[013457@$]/g, ''))) return token;
    changed = true;
    return token.replace(/[013457@$]/g, (c) => LEET[c] as string);
  });
  return changed ? out : null;
}

/** ROT13 of the ASCII letters; null when the text has too few to hide a sentence. */
export function rot13(folded: string): string | null {
  if ((folded.match(/[A-Za-z]/g)?.length ?? 0) < 8) return null;
  return folded.replace(/[A-Za-z]/g, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

/** A decoded run, with the encoding it was in. */
export interface Decoded {
  via: 'base64' | 'hex' | 'percent' | 'escapes';
  text: string;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes as UTF-8 text that reads as writing (letters, digits, punctuation, spaces); null otherwise. */
function readable(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return null;
  }
  const chars = [...text];
  if (chars.length < 4) return null;
  const good = chars.filter((c) => /[\p{L}\p{N}\p{P}\p{Zs}\n\t]/u.test(c)).length;
  return good / chars.length >= 0.9 && /\p{L}{2}/u.test(text) ? text : null;
}

const BASE64_RUN = /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{16,}={0,2}(?![A-Za-z0-9+/=_-])/g;
const BASE64_LINE = /^[A-Za-z0-9+/]{8,}={0,2}$/;
const HEX_RUN = /(?<![0-9A-Fa-f])[0-9A-Fa-f]{16,}(?![0-9A-Fa-f])/g;
const PERCENT_SEQUENCE = /(?:%[0-9A-Fa-f]{2})+/g;
const ESCAPE = /\\u\{?([0-9A-Fa-f]{4,6})\}?|\\x([0-9A-Fa-f]{2})|&#[xX]([0-9A-Fa-f]{1,6});|&#([0-9]{1,7});/g;

function base64Bytes(run: string): Uint8Array | null {
  const clean = run.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (clean.length % 4 === 1) return null;
  try {
    return Uint8Array.from(atob(clean.padEnd(Math.ceil(clean.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** Base64 runs: each run on a line, and each block of consecutive lines that are all base64 (wrapped output) joined. */
function base64Runs(text: string): string[] {
  const runs = [...text.matchAll(BASE64_RUN)].map((m) => m[0]);
  let block: string[] = [];
  for (const line of [...text.split('\n'), '']) {
    if (BASE64_LINE.test(line.trim())) block.push(line.trim());
    else {
      if (block.length > 1) runs.push(block.join(''));
      block = [];
    }
  }
  // A run of letters only is a word or an identifier, not base64.
  return runs.filter((r) => /[0-9+/=_-]/.test(r) || /[a-z][A-Z]|[A-Z]{2}[a-z]/.test(r));
}

/** Every run of the text that decodes, from base64, hex, percent encoding or character escapes, to readable text. */
export function decodedRuns(text: string): Decoded[] {
  const out: Decoded[] = [];
  for (const run of base64Runs(text)) {
    const bytes = base64Bytes(run);
    const decoded = bytes && readable(bytes);
    if (decoded) out.push({ via: 'base64', text: decoded });
  }
  for (const m of text.matchAll(HEX_RUN)) {
    const pairs = m[0].match(/[0-9A-Fa-f]{2}/g) ?? [];
    const decoded = readable(Uint8Array.from(pairs, (h) => parseInt(h, 16)));
    if (decoded) out.push({ via: 'hex', text: decoded });
  }
  if ((text.match(PERCENT_SEQUENCE)?.join('').length ?? 0) >= 6) {
    const decoded = text.replace(PERCENT_SEQUENCE, (seq) => {
      try {
        return decodeURIComponent(seq);
      } catch {
        return seq;
      }
    });
    if (decoded !== text) out.push({ via: 'percent', text: decoded });
  }
  if (/\\u|\\x|&#/.test(text)) {
    const unescaped = text.replace(ESCAPE, (whole, u?: string, x?: string, hx?: string, dec?: string) => {
      const cp = parseInt(u ?? x ?? hx ?? dec ?? '', u || x || hx ? 16 : 10);
      return Number.isFinite(cp) && cp <= 0x10ffff ? String.fromCodePoint(cp) : whole;
    });
    if (unescaped !== text) out.push({ via: 'escapes', text: unescaped });
  }
  return out;
}
