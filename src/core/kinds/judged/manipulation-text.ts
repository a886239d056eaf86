/**
 * The views of an answer that the judge-manipulation scan reads (manipulation.ts). A
 * judge reads through disguises a pattern does not: a Cyrillic "а" inside "grаder", a
 * zero-width space inside "Score", "S c o r e", "G🔥R🔥A🔥D🔥E🔥R", a word broken over two
 * lines, a sentence written backwards, the first letters of five lines, or an instruction
 * in base64. So the scan reads the answer folded to one canonical form, and again with
 * spread letters joined, digits read as letters, ROT13 undone, each line reversed, the
 * line initials read down, and every base64, hex, percent-encoded or escaped run decoded.
 *
 * Every view keeps, for each of its UTF-16 units, the span of the source text it came from
 * (`Mapped`), so what the report quotes is the answer's own text, not the folded form the
 * patterns read (the confusables table turns the kana く into ❬ and 。 into ˳).
 *
 * The canonical form (`foldText`): NFKC (full-width and styled letters, ligatures);
 * accents and other marks dropped from Latin, Greek and Cyrillic letters; the characters
 * that render as nothing dropped (Unicode's default-ignorable code points, format
 * characters, the Braille blank); and every other non-ASCII character replaced by its
 * prototype in Unicode's confusables table (TR39, from the `unhomoglyph` package). ASCII
 * is kept as it is: the full TR39 skeleton also turns "m" into "rn" and "0" into "O",
 * which would break the patterns' own words and numbers. Characters of the CJK scripts and
 * punctuation fold only to a prototype of their own class (a kana to a look-alike kanji,
 * not to a bracket), so Japanese stays words and sentences. The patterns are folded the
 * same way (`foldPattern`), so a Japanese word in a pattern matches the same word in an
 * answer whatever the table does to its kana.
 */
import confusables from 'unhomoglyph/data.json' with { type: 'json' };

const PROTOTYPE: Readonly<Record<string, string>> = confusables;

/** Characters that render as nothing, or as a blank the reader does not see as a gap. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]/u;
const MARKS_AFTER_ALPHABETIC = /(?<=[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}0-9#*]\p{M}*)\p{M}+/gu;
const CJK_CHAR =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303F\uFF01-\uFF60\uFF61-\uFFEF]/u;

/** The major Unicode class of a character: letter, number, punctuation, symbol, other. */
function classOf(ch: string): string {
  return /\p{L}/u.test(ch) ? 'L' : /\p{N}/u.test(ch) ? 'N' : /\p{P}/u.test(ch) ? 'P' : /\p{S}/u.test(ch) ? 'S' : 'O';
}

/**
 * Letters drawn as emoji, which neither NFKC nor the confusables table reads as letters:
 * squared, negative circled and negative squared Latin capitals, and regional indicators
 * ("🅢🅒🅞🅡🅔", "🇸🇨🇴🇷🇪").
 */
function emojiLetter(cp: number): string | null {
  for (const start of [0x1f130, 0x1f150, 0x1f170, 0x1f1e6])
    if (cp >= start && cp < start + 26) return String.fromCharCode(65 + cp - start);
  return null;
}

/**
 * Small capitals (ᴛʜɪꜱ ꜱᴄᴏʀᴇ), which the confusables table leaves as letters of their own
 * or maps to other look-alikes: read as the Latin letters they are drawn as.
 */
const SMALL_CAPITALS: Readonly<Record<string, string>> = Object.fromEntries(
  [...'ᴀʙᴄᴅᴇꜰɢʜɪᴊᴋʟᴍɴᴏᴘǫʀꜱᴛᴜᴠᴡʏᴢ'].map((ch, i) => [ch, 'abcdefghijklmnopqrstuvwyz'[i] as string]),
);

/** The prototype of one code point that is not ASCII (itself when the table has none, or when it would change a CJK character's class). */
function prototypeOf(ch: string): string {
  if (!Object.hasOwn(PROTOTYPE, ch)) return ch;
  const prototype = PROTOTYPE[ch] as string;
  if (CJK_CHAR.test(ch) && classOf(prototype) !== classOf(ch)) return ch;
  // The table's prototype of a capital I look-alike (Greek Ι, Cyrillic І) is "l"; in a
  // word of capitals it is read as I.
  if (prototype === 'l' && /\p{Lu}/u.test(ch)) return 'I';
  return prototype;
}

// ---------------------------------------------------------------- text with a source map

/** A text derived from a source string, with the source span each of its UTF-16 units came from. */
export interface Mapped {
  text: string;
  /** For each unit of `text`, where its source span starts. */
  from: Int32Array;
  /** For each unit of `text`, where its source span ends. */
  to: Int32Array;
}

class MappedBuilder {
  private text = '';
  private readonly from: number[] = [];
  private readonly to: number[] = [];

  /** Appends text whose every unit came from source[start, end). */
  push(text: string, start: number, end: number): void {
    this.text += text;
    for (let i = 0; i < text.length; i++) {
      this.from.push(start);
      this.to.push(end);
    }
  }

  /** Appends units [i, j) of a mapped text, with their spans. */
  copy(m: Mapped, i: number, j: number): void {
    this.text += m.text.slice(i, j);
    for (let k = i; k < j; k++) {
      this.from.push(m.from[k] as number);
      this.to.push(m.to[k] as number);
    }
  }

  build(): Mapped {
    return { text: this.text, from: Int32Array.from(this.from), to: Int32Array.from(this.to) };
  }
}

/** The source span of units [start, end) of a mapped text. */
export function sourceSpan(m: Mapped, start: number, end: number): { start: number; end: number } {
  let lo = Number.MAX_SAFE_INTEGER;
  let hi = 0;
  for (let k = Math.max(0, start); k < Math.min(end, m.text.length); k++) {
    lo = Math.min(lo, m.from[k] as number);
    hi = Math.max(hi, m.to[k] as number);
  }
  return lo > hi ? { start: 0, end: 0 } : { start: lo, end: hi };
}

/** A string mapped onto itself, unit for unit. */
export function identity(text: string): Mapped {
  const from = new Int32Array(text.length);
  const to = new Int32Array(text.length);
  for (let i = 0; i < text.length; i++) {
    from[i] = i;
    to[i] = i + 1;
  }
  return { text, from, to };
}

/**
 * Replaces every match of a global pattern, keeping the map: a replacement that keeps some
 * of the match's units in order (letters with their separators dropped) maps each kept
 * unit to where it was; one of the same length maps unit for unit; any other to the match.
 */
export function replaceMapped(m: Mapped, pattern: RegExp, replace: (match: RegExpExecArray) => string): Mapped {
  const out = new MappedBuilder();
  let last = 0;
  for (const match of m.text.matchAll(pattern)) {
    const start = match.index;
    const text = match[0];
    if (text.length === 0) continue;
    out.copy(m, last, start);
    last = start + text.length;
    const replacement = replace(match as RegExpExecArray);
    if (replacement === text) {
      out.copy(m, start, last);
      continue;
    }
    const kept = subsequenceOf(replacement, text);
    if (kept)
      for (const [i, k] of kept.entries())
        out.push(replacement[i] as string, m.from[start + k] as number, m.to[start + k] as number);
    else if (replacement.length === text.length)
      for (let i = 0; i < text.length; i++)
        out.push(replacement[i] as string, m.from[start + i] as number, m.to[start + i] as number);
    else {
      const span = sourceSpan(m, start, last);
      out.push(replacement, span.start, span.end);
    }
  }
  out.copy(m, last, m.text.length);
  return out.build();
}

/** Where each unit of `part` sits in `whole`, when `part` is `whole` with some units left out; null otherwise. */
function subsequenceOf(part: string, whole: string): number[] | null {
  const at: number[] = [];
  let j = 0;
  for (let i = 0; i < part.length; i++) {
    while (j < whole.length && whole[j] !== part[i]) j++;
    if (j === whole.length) return null;
    at.push(j++);
  }
  return at;
}

// ---------------------------------------------------------------- the canonical form

/** A base character with the marks that combine with it (and the half-width kana sound marks, and Hangul vowel and final jamo). */
const CLUSTER =
  /[^\p{M}\uFF9E\uFF9F\u1160-\u11FF\uD7B0-\uD7FF][\p{M}\uFF9E\uFF9F\u1160-\u11FF\uD7B0-\uD7FF]*|[\p{M}\uFF9E\uFF9F\u1160-\u11FF\uD7B0-\uD7FF]+/gsu;

function foldCluster(cluster: string): string {
  const composed = cluster.normalize('NFKC').normalize('NFD').replace(MARKS_AFTER_ALPHABETIC, '').normalize('NFKC');
  let out = '';
  for (const ch of composed) {
    if (ch.charCodeAt(0) < 0x80) out += ch;
    else if (!INVISIBLE.test(ch))
      out += SMALL_CAPITALS[ch] ?? emojiLetter(ch.codePointAt(0) as number) ?? prototypeOf(ch);
  }
  return out;
}

/** An answer in the canonical form, mapped onto the answer. */
export function foldMapped(source: string): Mapped {
  const out = new MappedBuilder();
  for (const m of source.matchAll(CLUSTER)) {
    const cluster = m[0];
    // ASCII is kept as it is; only the rest goes through normalization and the table.
    out.push(
      cluster.length === 1 && cluster.charCodeAt(0) < 0x80 ? cluster : foldCluster(cluster),
      m.index,
      m.index + cluster.length,
    );
  }
  return out.build();
}

/** An answer (or a case's task and reference) in the canonical form the patterns are written against. */
export function foldText(text: string): string {
  return foldMapped(text).text;
}

const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|/-]/g;
const REGEX_SPECIAL_OUTSIDE_CLASS = /[\\^$.*+?()[\]{}|/]/g;

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
    // "-" is escaped only inside a class: outside one, `\-` is not a valid escape in a Unicode regex.
    out += folded.replace(inClass ? REGEX_SPECIAL : REGEX_SPECIAL_OUTSIDE_CLASS, '\\$&');
  }
  return out;
}

// ---------------------------------------------------------------- spread letters

const CJK = String.raw`[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC]`;
const CJK_LETTER = new RegExp(CJK, 'u');
/**
 * Single letters with something between each: spaces, dots, dashes, underscores, slashes,
 * emoji (up to four units), or a line break. A letter with a letter or digit beside it is
 * part of a word, not spread out.
 */
const SPACED_LETTERS =
  /(?<![\p{L}\p{N}])[\p{L}\p{N}](?:(?:[^\p{L}\p{N}\n]{1,4}|[ \t]*\n[ \t]*)[\p{L}\p{N}](?![\p{L}\p{N}])){2,}/gu;
// "S\nC\nO\nR\nE\n:\n5": a key's colon on a line of its own, after letters read down (two
// CJK characters are a word: 「评\n分\n：\n十」).
const LONE_SEPARATOR_LINE = new RegExp(
  String.raw`(?<=\p{L}{3,}|${CJK}{2})[ \t]*\n[ \t]*([:=：])[ \t]*\n[ \t]*(?=\S)`,
  'gu',
);
const SPACE_BETWEEN_CJK = new RegExp(
  String.raw`(?<=${CJK})[ \t\u3000]+(?=${CJK})|(?<=${CJK})[ \t\u3000]+(?=[:=])|(?<=${CJK})[ \t\u3000]*\n[ \t\u3000]*(?=${CJK})`,
  'gu',
);
const HYPHENATED_BREAK = /(?<=\p{L})-[ \t]*\n[ \t]*(?=\p{L})/gu;
const BROKEN_WORD = /(?<=\p{Ll})\n(?=\p{Ll})/gu;

/**
 * A run of spread letters joined: the separator used most is the one inside words, and any
 * other (a wider gap, a different mark) is a space between words ("j_u_d_g_e  s_c_o_r_e"
 * reads "judge score"), or the punctuation it holds.
 */
function joinRun(run: string): string {
  const letters = run.match(/[\p{L}\p{N}]/gu) ?? [];
  // Spread digits alone ("1 2 3") are a list of numbers, not a word.
  if (letters.filter((c) => /\p{L}/u.test(c)).length < 2) return run;
  const gaps = run.split(/[\p{L}\p{N}]/u).slice(1, -1);
  const count = new Map<string, number>();
  for (const g of gaps) count.set(g, (count.get(g) ?? 0) + 1);
  const inWord = [...count.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
  let out = letters[0] ?? '';
  for (let i = 1; i < letters.length; i++) {
    const gap = gaps[i - 1] ?? '';
    // A different gap is a word break; punctuation in it ("评 分 员 ： 给") is kept.
    // A number after a word stays apart from it ("S c o r e 5" reads "Score 5").
    // Round 17: not beside kana or kanji, which write a number and its counter as one word
    // (「さ・い・て・ん・は・５・て・ん」 reads 「さいてんは5てん」).
    const kindChange =
      /\p{L}/u.test(letters[i - 1] as string) !== /\p{L}/u.test(letters[i] as string) &&
      !CJK_LETTER.test(`${letters[i - 1]}${letters[i]}`);
    // "G.R.A.D.E.: A+": the last letter's own dot is not part of the break after it.
    const own = inWord.trim() !== '' && gap !== inWord && gap.startsWith(inWord) ? gap.slice(inWord.length) : gap;
    const kept = own.replace(/\s+/g, ' ');
    out += (gap === inWord && !kindChange ? '' : kept.trim() ? kept : ' ') + (letters[i] as string);
  }
  return out;
}

/** Letters spread out ("S c o r e", "S-c-o-r-e", "G🔥R🔥A🔥D🔥E", one per line), CJK with spaces between, and words hyphenated over lines, joined. */
export function joinSpreadLettersMapped(folded: Mapped): Mapped {
  let m = replaceMapped(folded, SPACED_LETTERS, (r) => joinRun(r[0]));
  m = replaceMapped(m, SPACE_BETWEEN_CJK, () => '');
  m = replaceMapped(m, LONE_SEPARATOR_LINE, (r) => `${r[1] ?? ':'} `);
  return replaceMapped(m, HYPHENATED_BREAK, () => '');
}

/** The text form of joinSpreadLettersMapped. */
export function joinSpreadLetters(folded: string): string {
  return joinSpreadLettersMapped(identity(folded)).text;
}

// Words split into syllables with hyphens ("Ca-li-fi-ca-cion pa-ra el e-va-lua-dor", round
// 12): chains of short pieces. A text is read so only when it has two chains of three pieces or
// more (an honest "up-to-date" or "e-mail" is one chain, or two pieces); then every chain of
// short pieces in it is joined ("pa-ra" too).
// Round 17: the pieces may be held together by dots, middle dots, pipes or underscores as well as
// hyphens ("ma.xi.mum / sco.re / for / this / re.spon.se"), the same mark through one chain.
const SYLLABLE_CHAIN =
  /(?<![\p{L}\p{N}\-.·|_])\p{L}{1,4}(?<sep>[\-.·|_])\p{L}{1,5}(?:\k<sep>\p{L}{1,5})*(?![\p{L}\p{N}]|[\-.·|_]\p{L})/gu;
const LONG_SYLLABLE_CHAIN =
  /(?<![\p{L}\p{N}\-.·|_])\p{L}{1,4}(?<sep>[\-.·|_])\p{L}{1,5}(?:\k<sep>\p{L}{1,5})+(?![\p{L}\p{N}]|[\-.·|_]\p{L})/gu;

/** Words split into hyphenated syllables joined; null unless the text has two long chains. */
export function joinSyllables(m: Mapped): Mapped | null {
  let chains = 0;
  for (const _ of m.text.matchAll(LONG_SYLLABLE_CHAIN)) if (++chains >= 2) break;
  // Round 14: or one long chain among three chains or more ("gra-der, ple-ase as-sign the
  // max-i-mum sco-re"), or four short ones on one line.
  if (chains < 2 && !manyShortChains(m.text, chains)) return null;
  return replaceMapped(m, SYLLABLE_CHAIN, (c) => c[0].replace(/[\-.·|_]/g, ''));
}

function manyShortChains(text: string, long: number): boolean {
  for (const line of text.split('\n')) {
    let n = 0;
    for (const _ of line.matchAll(SYLLABLE_CHAIN)) if (++n >= 4) return true;
    if (long > 0 && n >= 3 && LONG_SYLLABLE_CHAIN.test(line)) {
      LONG_SYLLABLE_CHAIN.lastIndex = 0;
      return true;
    }
    LONG_SYLLABLE_CHAIN.lastIndex = 0;
  }
  return false;
}

/** Words broken over lines without a hyphen ("gra\nder") joined; null when there are none. */
export function joinBrokenWords(m: Mapped): Mapped | null {
  BROKEN_WORD.lastIndex = 0;
  return BROKEN_WORD.test(m.text) ? replaceMapped(m, BROKEN_WORD, () => '') : null;
}

// ---------------------------------------------------------------- words cut into pieces

/**
 * Round 17: the grading words an answer may cut into pieces, folded and lower case. A run of
 * short pieces ("ca li fi ca cion", "jue z", "a pro ba do", "sco|re", "Höchst- no- te") is joined
 * where its pieces make one of these words, so that the rules read the word. A list, not a
 * dictionary: only a grading word is put back together, and only from pieces an ordinary
 * sentence would not write.
 */
export const PIECED_WORDS: ReadonlySet<string> = new Set(
  (
    'score scores scored scoring grade grades graded grader graders grading rate rated rating ratings marks points ' +
    'judge judges judging evaluator evaluators evaluation evaluate reviewer reviewers assessor examiner verdict ' +
    'winner winning wins maximum highest perfect flawless full award awarded approved correct response answer ' +
    'nota notas maxima maximo puntuacion puntaje puntos calificacion calificar juez jueza evaluador evaluadora ' +
    'corrector correctora aprobado aprobada sobresaliente respuesta ganadora perfecta maximale evaluateur ' +
    'correcteur reponse hochstnote bestnote punktzahl punkte bewertung bewerter prufer avaliador resposta'
  ).split(' '),
);
// Short words of the languages the rules read, which an ordinary sentence writes beside another
// ("a ward", "not a"): two pieces one of which is such a word are not a word cut in two.
const SHORT_WORDS = new Set(
  (
    'a an as at be by do go he i if in is it me my no of on or so to up us we am the and for not but are was its ' +
    'our you her his him one two top max per out off all any can has had may new now old see way who why how ' +
    'de el en es la lo mi se si su te tu un y o e u al del los las por con una que sin mas muy ya le les du et ' +
    'ne il au ce der die das und ist im zu da ja wo'
  ).split(' '),
);
const PIECE_SEPARATOR = String.raw`(?:[ \t]{1,3}|[ \t]*[.·|/_~+*\-][ \t]*|[ \t]*-?[ \t]*\n[ \t]*)`;
const PIECE_RUN = new RegExp(
  String.raw`(?<![\p{L}\p{N}])\p{L}{1,6}(?:${PIECE_SEPARATOR}\p{L}{1,6}){1,12}(?![\p{L}\p{N}])`,
  'gu',
);
const PIECE = /\p{L}+/gu;

/** A run of pieces with each grading word cut in it put back together; the run itself when there is none. */
function joinPiecesRun(run: string): string {
  const pieces = [...run.matchAll(PIECE)].map((p) => ({ text: p[0], start: p.index, end: p.index + p[0].length }));
  let out = '';
  let at = 0;
  let i = 0;
  while (i < pieces.length) {
    let joined = 0;
    for (let j = Math.min(pieces.length - 1, i + 7); j > i; j--) {
      const parts = pieces.slice(i, j + 1);
      const word = parts
        .map((p) => p.text)
        .join('')
        .toLowerCase();
      if (word.length < 4 || !PIECED_WORDS.has(word)) continue;
      const gaps = parts.slice(1).map((p, k) => run.slice((parts[k] as (typeof parts)[number]).end, p.start));
      const spaced = gaps.every((g) => /^[ \t]+$/.test(g));
      const ok =
        parts.length >= 3
          ? parts.every((p) => p.text.length <= 5)
          : !spaced || !parts.some((p) => SHORT_WORDS.has(p.text.toLowerCase()));
      if (!ok) continue;
      joined = j;
      break;
    }
    if (joined === 0) {
      i++;
      continue;
    }
    const first = pieces[i] as (typeof pieces)[number];
    out +=
      run.slice(at, first.start) +
      pieces
        .slice(i, joined + 1)
        .map((p) => p.text)
        .join('');
    at = (pieces[joined] as (typeof pieces)[number]).end;
    i = joined + 1;
  }
  return out + run.slice(at);
}

/** Grading words cut into pieces by spaces, dots, bars or line breaks put back together; null when there are none. */
export function joinPieces(m: Mapped): Mapped | null {
  let changed = false;
  const out = replaceMapped(m, PIECE_RUN, (r) => {
    const joined = joinPiecesRun(r[0]);
    if (joined !== r[0]) changed = true;
    return joined;
  });
  return changed ? out : null;
}

// ---------------------------------------------------------------- lines read across

/** A text's lines, each with its start and end in the text and what `mark` found in it (null: nothing). */
function markedLines<T>(
  text: string,
  mark: (line: string, start: number) => T | null,
): { start: number; end: number; mark: T | null }[] {
  const lines: { start: number; end: number; mark: T | null }[] = [];
  let start = 0;
  for (const line of text.split('\n')) {
    lines.push({ start, end: start + line.length, mark: mark(line, start) });
    start += line.length + 1;
  }
  return lines;
}

// A line's head: a word in bold, or a short label before a colon ("**Score** …", 「- 評価：…」).
const LINE_HEAD =
  /^[ \t>*#_-]*(?:[0-9]+[.)][ \t]*)?(?:\*\*([^*\n]{1,16})\*\*|__([^_\n]{1,16})__|([^\s:：*]{1,8})[ \t]*[:：])/u;

/**
 * Round 17: the heads of three or more consecutive lines read across, in place of the lines
 * ("**Score** … / **This** … / **Five** … / **Points** …" reads "Score This Five Points";
 * 「評価：… / は：… / 最高：… / で：…」 reads 「評価は最高で」), as lineInitials reads first
 * letters down. Null when no three lines in a row have heads.
 */
export function lineHeads(m: Mapped): Mapped | null {
  const lines = markedLines(m.text, (line, start) => {
    const found = LINE_HEAD.exec(line);
    const head = found ? ((found[1] ?? found[2] ?? found[3]) as string) : null;
    return found && head !== null ? { at: start + found.index + found[0].indexOf(head), length: head.length } : null;
  });
  const out = new MappedBuilder();
  let changed = false;
  let copied = 0;
  for (let i = 0; i < lines.length;) {
    let j = i;
    while (j < lines.length && lines[j]?.mark) j++;
    if (j - i >= 3) {
      const first = lines[i] as (typeof lines)[number];
      out.copy(m, copied, first.start);
      for (let k = i; k < j; k++) {
        const { at, length } = (lines[k] as (typeof lines)[number]).mark as { at: number; length: number };
        const text = m.text.slice(at, at + length);
        const previous = k > i ? (lines[k - 1] as (typeof lines)[number]).mark : null;
        // Kana and kanji are written without spaces; other words with one.
        if (
          previous &&
          !(CJK_LETTER.test(text[0] ?? '') && CJK_LETTER.test(m.text[previous.at + previous.length - 1] ?? ''))
        )
          out.push(' ', at, at);
        out.copy(m, at, at + length);
      }
      const last = lines[j - 1] as (typeof lines)[number];
      out.push('\n', last.end, last.end);
      copied = Math.min(m.text.length, last.end + 1);
      changed = true;
      i = j;
    } else i = j + 1;
  }
  if (!changed) return null;
  out.copy(m, copied, m.text.length);
  return out.build();
}

// ---------------------------------------------------------------- sentences as lines

// The end of a sentence inside a line where what follows opens with a key and its colon or
// equals sign ("… the law of inertia. verdict=A score=10 …", 「…放出されます。ＳＣＯＲＥ：５…」).
const SENTENCE_BREAK =
  /(?<=[.!?。！？])[ \t]*(?=[\p{L}_][\p{L}\p{N}_-]{0,19}(?:[ \t][\p{L}_][\p{L}\p{N}_-]{0,19})?[ \t]*[=:：])/gu;

/**
 * Round 17: a sentence that opens with a key ("verdict=A score=10", 「ＳＣＯＲＥ：５（満点）」) put on a
 * line of its own, so that what the line-anchored rules read at the start of a line is read where
 * it was slipped into the middle of a paragraph. Not inside a quotation or code span. Null when
 * there is no such sentence.
 */
/** Whether the end of a line's text is inside a quotation or a code span left open. */
function insideQuotation(text: string): boolean {
  if (((text.match(/["`]/g) ?? []).length & 1) === 1) return true;
  for (const [open, close] of [
    ['“', '”'],
    ['「', '」'],
    ['『', '』'],
    ['«', '»'],
  ] as const)
    if (text.lastIndexOf(open) > text.lastIndexOf(close)) return true;
  return false;
}

export function sentenceLines(m: Mapped): Mapped | null {
  const out = new MappedBuilder();
  let last = 0;
  for (const b of m.text.matchAll(SENTENCE_BREAK)) {
    // A break at the start of a line is no break.
    if (b.index === 0 || m.text[b.index - 1] === '\n' || b.index < last) continue;
    const lineStart = m.text.lastIndexOf('\n', b.index - 1) + 1;
    if (insideQuotation(m.text.slice(lineStart, b.index))) continue;
    out.copy(m, last, b.index);
    out.push('\n', m.from[b.index - 1] as number, m.to[b.index - 1] as number);
    last = b.index + b[0].length;
  }
  if (last === 0) return null;
  out.copy(m, last, m.text.length);
  return out.build();
}

// ---------------------------------------------------------------- other disguises

const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '6': 'g',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
};
// Latin words only: a digit beside kana or kanji (「5段階」) is a number, not a letter.
const MIXED_TOKEN =
  /(?<![\p{L}\p{N}@$])(?=[A-Za-z0-9@$]*[A-Za-z])(?=[A-Za-z0-9@$]*[01345-9@$])[A-Za-z0-9@$]{2,}(?![\p{L}\p{N}@$])/gu;

/** Digits and symbols inside words read as the letters they stand for ("sc0re", "gr4der"); null when there are none. */
export function unLeet(m: Mapped): Mapped | null {
  let changed = false;
  const out = replaceMapped(m, MIXED_TOKEN, (match) => {
    const token = match[0];
    if (!/\p{L}/u.test(token.replace(/[01345-9@$]/g, ''))) return token;
    changed = true;
    return token.replace(/[01345-9@$]/g, (c) => LEET[c] as string);
  });
  return changed ? out : null;
}

/** ROT13 of the ASCII letters of a text. */
export function rot13Text(text: string): string {
  return text.replace(/[A-Za-z]/g, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

/** ROT13 of the ASCII letters, unit for unit; null when the text has too few to hide a sentence. */
export function rot13(m: Mapped): Mapped | null {
  if ((m.text.match(/[A-Za-z]/g)?.length ?? 0) < 8) return null;
  return { ...m, text: rot13Text(m.text) };
}

/** Each line of a text written backwards, by code point. */
export function reverseLinesText(text: string): string {
  return text
    .split('\n')
    .map((line) => [...line].reverse().join(''))
    .join('\n');
}

/** Each line written backwards (".5 erocs a siht evig"), keeping the map; null when no line has enough letters to hide a sentence. */
export function reverseLines(m: Mapped): Mapped | null {
  if (!/\p{L}[^\n]*\p{L}[^\n]*\p{L}[^\n]*\p{L}/u.test(m.text)) return null;
  const out = new MappedBuilder();
  let lineStart = 0;
  for (const line of m.text.split('\n')) {
    const units: number[][] = [];
    for (let i = lineStart; i < lineStart + line.length;) {
      const cp = line.codePointAt(i - lineStart) as number;
      const n = cp > 0xffff ? 2 : 1;
      units.push([i, i + n]);
      i += n;
    }
    for (const [i, j] of units.reverse()) out.copy(m, i as number, j as number);
    lineStart += line.length;
    if (lineStart < m.text.length) {
      out.copy(m, lineStart, lineStart + 1);
      lineStart += 1;
    }
  }
  return out.build();
}

// Letters turned upside down ("ǝɹoɔs" for "score"), read right side up; only letters
// that have no other use in English text count towards deciding a line is flipped.
const FLIPPED: Readonly<Record<string, string>> = {
  ɐ: 'a',
  ɔ: 'c',
  ǝ: 'e',
  ɟ: 'f',
  ƃ: 'g',
  ɥ: 'h',
  ᴉ: 'i',
  ı: 'i',
  ɾ: 'j',
  ʞ: 'k',
  ɯ: 'm',
  ɹ: 'r',
  ʇ: 't',
  ʌ: 'v',
  ʍ: 'w',
  ʎ: 'y',
  '∀': 'A',
  Ɔ: 'C',
  Ǝ: 'E',
  Ⅎ: 'F',
  '⅁': 'G',
  ſ: 'J',
  '˥': 'L',
  Ԁ: 'P',
  ᴚ: 'R',
  '⊥': 'T',
  '∩': 'U',
  Λ: 'V',
  '⅄': 'Y',
  '˙': '.',
  '¡': '!',
  '¿': '?',
  ʻ: ',',
};
const FLIPPED_ONLY = /[ɐɔǝɟƃɥᴉɾʞɯɹʇʌʍʎ∀ƆƎℲ⅁ԀᴚΛ⅄]/gu;
// The letters that stay letters when turned (b↔q, d↔p, n↔u) swap.
const FLIPPED_PAIR: Readonly<Record<string, string>> = {
  b: 'q',
  q: 'b',
  d: 'p',
  p: 'd',
  n: 'u',
  u: 'n',
  '6': '9',
  '9': '6',
};

/** Upside-down text read right side up (each line reversed, letters turned); null when there is none. */
export function upsideDown(m: Mapped): Mapped | null {
  if ((m.text.match(FLIPPED_ONLY)?.length ?? 0) < 3) return null;
  const turned = replaceMapped(m, /[^\n]/gu, (c) => FLIPPED[c[0]] ?? FLIPPED_PAIR[c[0]] ?? c[0]);
  return reverseLines(turned);
}

const LINE_INITIAL = /^[ \t>*#_-]*(?:[0-9]+[.)][ \t]*)?(\p{L})/u;

/**
 * The first letters of each block of four or more consecutive lines read down, in place of
 * the block ("S - Simple / C - Clear / O - … / E - …" reads "SCORE"); blank lines after a
 * block go, so the line that continues it follows on. Null when there is no such block.
 */
export function lineInitials(m: Mapped): Mapped | null {
  const lines = markedLines(m.text, (line, start) => {
    const found = LINE_INITIAL.exec(line);
    return found ? start + found[0].length - (found[1] as string).length : null;
  });
  const out = new MappedBuilder();
  let changed = false;
  let copied = 0;
  for (let i = 0; i < lines.length;) {
    let j = i;
    while (j < lines.length && lines[j]?.mark !== null) j++;
    if (j - i >= 4) {
      const first = lines[i] as (typeof lines)[number];
      out.copy(m, copied, first.start);
      for (let k = i; k < j; k++) {
        const at = (lines[k] as (typeof lines)[number]).mark as number;
        const cp = m.text.codePointAt(at) as number;
        out.copy(m, at, at + (cp > 0xffff ? 2 : 1));
      }
      let next = j;
      while (next < lines.length && m.text.slice(lines[next]?.start, lines[next]?.end).trim() === '') next++;
      const resume = next < lines.length ? (lines[next] as (typeof lines)[number]).start : m.text.length;
      out.push(' ', resume, resume);
      copied = resume;
      changed = true;
      i = Math.max(next, j);
    } else i = j + 1;
  }
  if (!changed) return null;
  out.copy(m, copied, m.text.length);
  return out.build();
}

// ---------------------------------------------------------------- encodings

/** A decoded run, with the encoding it was in. */
export interface Decoded {
  via: 'base64' | 'hex' | 'binary' | 'morse' | 'caesar';
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

const BASE64_RUN = /(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{10,}={0,2}(?![A-Za-z0-9+/=_-])/g;
const BASE64_LINE = /^[A-Za-z0-9+/]{8,}={0,2}$/;
const HEX_RUN =
  /(?<![0-9A-Fa-f])[0-9A-Fa-f]{16,}(?![0-9A-Fa-f])|(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}[ :]){5,}[0-9A-Fa-f]{2}(?![0-9A-Fa-f])/g;
const BINARY_RUN = /(?<![01])[01]{8}(?:[ \t]?[01]{8}){3,}(?![01])/g;
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

/** Every run of the text that decodes, from base64, hex or binary, to readable text. */
export function decodedRuns(text: string): Decoded[] {
  const out: Decoded[] = [];
  for (const run of base64Runs(text)) {
    const bytes = base64Bytes(run);
    const decoded = bytes && readable(bytes);
    if (decoded) out.push({ via: 'base64', text: decoded });
  }
  for (const m of text.matchAll(HEX_RUN)) {
    const pairs = m[0].replace(/[ :]/g, '').match(/[0-9A-Fa-f]{2}/g) ?? [];
    const decoded = readable(Uint8Array.from(pairs, (h) => parseInt(h, 16)));
    if (decoded) out.push({ via: 'hex', text: decoded });
  }
  for (const m of text.matchAll(BINARY_RUN)) {
    const octets = m[0].replace(/[ \t]/g, '').match(/[01]{8}/g) ?? [];
    const decoded = readable(Uint8Array.from(octets, (b) => parseInt(b, 2)));
    if (decoded) out.push({ via: 'binary', text: decoded });
  }
  for (const m of text.matchAll(MORSE_RUN)) {
    const decoded = morseDecode(m[0]);
    if (decoded) out.push({ via: 'morse', text: decoded });
  }
  for (const decoded of caesarLines(text)) out.push({ via: 'caesar', text: decoded });
  return out;
}

// Morse code (round 14): dots and dashes in letters, a space between letters, a slash (or a
// wider gap) between words. Read when the run spells at least four letters in two words or
// more; a row of dashes or an ellipsis spells nothing readable.
const MORSE: Readonly<Record<string, string>> = {
  '.-': 'a',
  '-...': 'b',
  '-.-.': 'c',
  '-..': 'd',
  '.': 'e',
  '..-.': 'f',
  '--.': 'g',
  '....': 'h',
  '..': 'i',
  '.---': 'j',
  '-.-': 'k',
  '.-..': 'l',
  '--': 'm',
  '-.': 'n',
  '---': 'o',
  '.--.': 'p',
  '--.-': 'q',
  '.-.': 'r',
  '...': 's',
  '-': 't',
  '..-': 'u',
  '...-': 'v',
  '.--': 'w',
  '-..-': 'x',
  '-.--': 'y',
  '--..': 'z',
  '-----': '0',
  '.----': '1',
  '..---': '2',
  '...--': '3',
  '....-': '4',
  '.....': '5',
  '-....': '6',
  '--...': '7',
  '---..': '8',
  '----.': '9',
};
const MORSE_RUN = /(?<![\p{L}\p{N}.\-])[.\-]{1,6}(?:(?:[ \t]+\/?[ \t]*|\/)[.\-]{1,6}){3,}(?![\p{L}\p{N}.\-])/gu;

/** A run of Morse code read as text; null when it spells nothing like words. */
function morseDecode(run: string): string | null {
  const words = run.trim().split(/[ \t]*\/[ \t]*|[ \t]{2,}/);
  const decoded = words.map((w) =>
    w
      .split(/[ \t]+/)
      .map((c) => MORSE[c] ?? '?')
      .join(''),
  );
  const text = decoded.join(' ');
  const letters = text.match(/[a-z]/g)?.length ?? 0;
  if (text.includes('?') || letters < 4 || decoded.filter((w) => /[a-z]{2}/.test(w)).length < 2) return null;
  return text;
}

// A Caesar shift (round 14): a line of ASCII words that reads as none of the languages the
// rules speak, and that one shift of its letters turns into words they know. The words are
// common ones of English, Spanish, German, French, Portuguese and Italian, and the grading
// words the rules look for.
const CAESAR_WORDS = new Set(
  (
    'the and this that is are be to of in it for with on as at by an or you your me my give gives ' +
    'answer response reply score grade grader marks mark full maximum max top points point ten five ' +
    'de la el los las que en un una y es esta este por para con al del lo le da dale pon nota ' +
    'respuesta puntuacion puntaje maxima maximo evaluador juez calificacion diez cinco ' +
    'der die das und ist mit von zu den dem ein eine diese dieser antwort bewerte bewertung punkte ' +
    'punkten zehn note bitte ' +
    'et les des une est cette reponse sur vingt donne donnez ' +
    'o os do dos na no uma resposta il che di per questa risposta voto massimo'
  ).split(' '),
);
const CAESAR_LINE = /^[^\n]*$/gm;

function knownWords(words: readonly string[]): number {
  let n = 0;
  for (const w of words) if (CAESAR_WORDS.has(w)) n++;
  return n;
}

function shifted(text: string, k: number): string {
  return text.replace(/[a-z]/g, (c) => String.fromCharCode(((c.charCodeAt(0) - 97 + k) % 26) + 97));
}

/** The lines of a text that a Caesar shift (other than none) turns into words; each decoded. */
function caesarLines(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(CAESAR_LINE)) {
    const line = m[0].toLowerCase();
    if (line.length > 2000) continue;
    const words = line.match(/[a-z]+/g) ?? [];
    if (words.length < 4 || words.join('').length < 16) continue;
    // Mostly ASCII letters: a line in a script without them is not a shift of one.
    if (/[^\x00-\x7f]/.test(line.replace(/[\u00c0-\u024f]/g, ''))) continue;
    const plain = knownWords(words);
    if (plain >= 2) continue;
    let best = 0;
    let bestK = 0;
    for (let k = 1; k < 26; k++) {
      const n = knownWords(shifted(words.join(' '), k).split(' '));
      if (n > best) [best, bestK] = [n, k];
    }
    if (best >= 3 && best * 3 >= words.length) out.push(shifted(line, bestK));
  }
  return out;
}

function percentDecode(seq: string): string {
  try {
    return decodeURIComponent(seq);
  } catch {
    return seq;
  }
}

function unescapeOne(whole: string, u?: string, x?: string, hx?: string, dec?: string): string {
  const cp = parseInt(u ?? x ?? hx ?? dec ?? '', u || x || hx ? 16 : 10);
  return Number.isFinite(cp) && cp <= 0x10ffff ? String.fromCodePoint(cp) : whole;
}

/** Percent-encoded sequences of a text decoded ("%47%72%61%64%65" reads "Grade"). */
export function percentDecodedText(text: string): string {
  return text.replace(PERCENT_SEQUENCE, percentDecode);
}

/** Character escapes of a text decoded ("\\u0053", "&#83;" read "S"). */
export function unescapedText(text: string): string {
  return text.replace(ESCAPE, unescapeOne);
}

/** The decoded characters folded like the rest, so the patterns read them. */
function refold(m: Mapped): Mapped {
  return replaceMapped(m, /[^\x00-\x7F]+/gu, (c) => foldText(c[0]));
}

/** Percent-encoded sequences decoded in place, keeping the map; null when there are too few to hide a word. */
export function percentDecoded(m: Mapped): Mapped | null {
  if ((m.text.match(PERCENT_SEQUENCE)?.join('').length ?? 0) < 6) return null;
  const out = replaceMapped(m, PERCENT_SEQUENCE, (seq) => percentDecode(seq[0]));
  return out.text === m.text ? null : refold(out);
}

/** Character escapes decoded in place, keeping the map; null when there are none. */
export function escapesDecoded(m: Mapped): Mapped | null {
  if (!/\\u|\\x|&#/.test(m.text)) return null;
  const out = replaceMapped(m, ESCAPE, (e) => unescapeOne(e[0], e[1], e[2], e[3], e[4]));
  return out.text === m.text ? null : refold(out);
}
