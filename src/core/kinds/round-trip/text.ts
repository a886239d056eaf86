/**
 * The two pure readings of a round trip (docs/design/spec.md §1.1): taking code out of a reply, and
 * `V_text`, the check of a description's prefix and language.
 */

/** The suite languages. */
export type RoundTripLanguage = 'ja' | 'en' | 'es' | 'zh';

/** The prefix a description must start with, by language (configurable per suite). */
export const DEFAULT_PREFIXES: Readonly<Record<RoundTripLanguage, string>> = {
  en: 'Task: ',
  es: 'Tarea: ',
  ja: 'タスク: ',
  zh: '任务: ',
};

const FENCE = /```([^\n`]*)\n([\s\S]*?)```/g;
const PYTHON_INFO = new Set(['', 'python', 'py', 'python3']);

/** How the code of a reply may be read: fenced blocks in order, and the fallback. */
export interface CodeReadings {
  /** Contents of the ```python (or bare ```) blocks, in order; the first that compiles is used. */
  blocks: string[];
  /** The whole reply with outer fences stripped: used when no block compiles. */
  fallback: string;
}

/** Reads the code of a reply per docs/design/spec.md §1.1; whether a block parses is the code runner's to say. */
export function readCode(reply: string): CodeReadings {
  const blocks: string[] = [];
  for (const match of reply.matchAll(FENCE)) {
    const info = (match[1] ?? '').trim().toLowerCase();
    if (PYTHON_INFO.has(info)) blocks.push(match[2] ?? '');
  }
  let fallback = reply.trim();
  if (fallback.startsWith('```')) {
    const end = fallback.indexOf('\n');
    fallback = end < 0 ? '' : fallback.slice(end + 1);
  }
  if (fallback.endsWith('```')) fallback = fallback.slice(0, -3);
  return { blocks, fallback: `${fallback.replace(/\s+$/, '')}\n` };
}

/** The outcome of `V_text` on one description. */
export type TextCheck =
  | { ok: true; share: number | null }
  | { ok: false; stage: 'format-error' | 'language-error'; message: string; share: number | null };

const CODE_SPANS = /```[\s\S]*?(```|$)|`[^`\n]*`/g;
/** What is removed before counting: ASCII, digits, punctuation, symbols, spaces. */
const NEUTRAL = /[\u0000-\u007f]|[\p{N}\p{P}\p{S}\p{White_Space}]/gu;
const JAPANESE = /[\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Han}]/u;
const HAN = /\p{scx=Han}/u;

/**
 * The share of the language's script among a text's characters once code spans, ASCII,
 * digits, punctuation, symbols and spaces are removed; null for languages without a
 * script check (en, es). A text with nothing left has a share of 0.
 */
export function scriptShare(text: string, language: RoundTripLanguage): number | null {
  const script = language === 'ja' ? JAPANESE : language === 'zh' ? HAN : null;
  if (!script) return null;
  const rest = [...text.replace(CODE_SPANS, '').replace(NEUTRAL, '')];
  if (rest.length === 0) return 0;
  return rest.filter((ch) => script.test(ch)).length / rest.length;
}

/** `V_text`: the description starts with the prefix and, for ja and zh, the rest is mostly in the language. */
export function checkDescription(
  text: string,
  language: RoundTripLanguage,
  prefix: string,
  threshold: number,
): TextCheck {
  // The prefix is required, so it does not count towards the language share.
  const share = scriptShare(text.startsWith(prefix) ? text.slice(prefix.length) : text, language);
  if (!text.startsWith(prefix)) {
    const opening = JSON.stringify(text.slice(0, 24));
    return {
      ok: false,
      stage: 'format-error',
      share,
      message: `the description does not start with ${JSON.stringify(prefix)}; it starts ${opening}`,
    };
  }
  if (share !== null && share < threshold) {
    const script = language === 'ja' ? 'Japanese (kana and kanji)' : 'Chinese (Han)';
    return {
      ok: false,
      stage: 'language-error',
      share,
      message: `${(share * 100).toFixed(0)}% of its characters are ${script}, below the threshold of ${(threshold * 100).toFixed(0)}%`,
    };
  }
  return { ok: true, share };
}
