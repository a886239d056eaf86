/**
 * Makes model text inert in a GitHub comment. Model output is untrusted: it may carry
 * Markdown that breaks our layout, HTML (`</details>`, `<img src=…>` loading remote
 * images), `@mentions` that ping people, or terminal escapes. Inline text is escaped
 * character by character; longer text goes into a fenced block whose fence is longer than
 * any backtick run inside it, where GitHub renders nothing.
 */

const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-Z\\-_]/g;
// C0 and C1 controls other than tab and newline, plus bidi overrides that can disguise text.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Removes terminal escape sequences and replaces other control characters with U+FFFD. */
export function stripControls(text: string): string {
  return text.replace(ANSI, '').replace(CONTROL, '\uFFFD');
}

/** Cuts text to at most `max` code points, saying how much was cut. */
export function truncate(text: string, max: number): string {
  // A string of at most `max` UTF-16 units has at most `max` code points: nothing to cut.
  if (text.length <= max) return text;
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('')}… [${chars.length - max} more characters]`;
}

/** Escapes text for a Markdown table cell or a line of prose: nothing in it renders or pings. */
export function inlineText(text: string, max = 200): string {
  const flat = truncate(stripControls(text).replace(/\r?\n|\r/g, ' ⏎ '), max);
  return flat
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '&#124;')
    .replace(/@/g, '@&#8203;')
    .replace(/:\/\//g, ':&#8203;//')
    .replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}&#8203;.`)
    .replace(/([\\`*_[\]~])/g, '\\$1');
}

/** A code span: shown literally (no Markdown, HTML or mentions inside), on one line. */
export function inlineCode(text: string, max = 120): string {
  const flat = truncate(stripControls(text).replace(/\r?\n|\r/g, ' ⏎ '), max);
  const longestRun = Math.max(0, ...Array.from(flat.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat === '' ? ' ' : flat}${pad}${fence}`;
}

/** Wraps text in a fenced block that no content can close early. */
export function codeBlock(text: string, max = 1200): string {
  const body = truncate(stripControls(text), max);
  const longestRun = Math.max(2, ...Array.from(body.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(longestRun + 1);
  // An empty reply still gets a visible block, so "empty" is not mistaken for "missing".
  return `${fence}text\n${body === '' ? '(empty)' : body}\n${fence}`;
}
