/**
 * The one way evalgate writes an HTML page (report.html, history.html, matrix.html): a
 * self-contained document whose Content-Security-Policy allows nothing but its own inline
 * style and script, by hash, so no text inside can load, run or send anything, and every
 * piece of text from a pull request or a model is escaped on the way in.
 *
 * Text reaches a page three ways, each closed separately:
 * - in markup, through `escapeHtml` (or `markupHtml` for our own messages' `**bold**` and
 *   code spans) — nothing in it can open a tag or leave an attribute;
 * - as data, in a `<script type="application/json">` block whose every `<`, `>`, `&` and line
 *   separator is a JSON escape, so `</script>` or `<!--` inside a string cannot end or bend
 *   the block; the page's script reads it with JSON.parse and shows it with textContent;
 * - never as a URL: pages have no links built from data.
 * The policy is the second wall: were an escape missed, an injected script or style would
 * not match a hash and would not run, and `default-src 'none'` blocks every fetch.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { ReportLanguage } from './languages.ts';
import { stripControls, truncate } from './sanitize.ts';

/** Escapes text for an HTML text node or a quoted attribute value; controls and bidi overrides become U+FFFD. */
export function escapeHtml(text: string): string {
  return stripControls(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Text for a page's data: controls and bidi overrides removed, cut to `max` code points. */
export function pageText(text: string, max: number): string {
  return truncate(stripControls(text), max);
}

const HOLE_OPEN = '\uE000';
const HOLE_CLOSE = '\uE001';
const HOLE_TEXT = '\uE002';

/**
 * One of our messages as HTML. The message tables write Markdown-ish sentences (`**bold**`,
 * `` `code` ``); here our own text is escaped and those two marks become tags. Values that
 * may be hostile (suite names, paths) are passed through `hole(text)`: they come back as a
 * token that the message cannot alter, and are escaped as plain text — a `**` in a suite
 * name stays two asterisks.
 */
export function markupHtml(build: (hole: (text: string) => string) => string): string {
  const holes: string[] = [];
  const hole = (text: string): string => {
    holes.push(text);
    // The readable copy lets a message test the value (`.includes('judge')`); it is dropped below.
    return `${HOLE_OPEN}${holes.length - 1}${HOLE_TEXT}${text.replace(/[\uE000-\uE002]/g, '')}${HOLE_CLOSE}`;
  };
  // Holes lose their readable copy, pass through escaping untouched (private-use characters
  // are not controls), and are filled only after the marks, so no value can form or break one.
  const text = build(hole).replace(/\uE000(\d+)\uE002[^\uE001]*\uE001/g, `${HOLE_OPEN}$1${HOLE_CLOSE}`);
  return inlineMarks(escapeHtml(text)).replace(/\uE000(\d+)\uE001/g, (_m, i: string) =>
    escapeHtml(holes[Number(i)] ?? ''),
  );
}

/** `**x**` and `` `x` `` in already escaped text become <strong> and <code>; tags always close. */
function inlineMarks(escaped: string): string {
  return escaped.replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>').replace(/`+([^`]+?)`+/g, '<code>$1</code>');
}

/**
 * A value as the text of a `<script type="application/json">` block. JSON.parse reads the
 * escapes back; the HTML parser sees no `<`, so nothing can close the block early.
 */
export function jsonForScript(value: unknown): string {
  // One pass: the data of a page with 100,000 cases is tens of MB, and each pass copies it.
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c] as string);
}

const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** What a page is made of. `body` is markup already built from escaped parts. */
export interface HtmlPage {
  language: ReportLanguage;
  title: string;
  style: string;
  body: string;
  /** The page's script; none when the page is static. */
  script?: string;
  /** Data for the script, embedded as JSON under `id="evalgate-data"`. */
  data?: unknown;
}

/** The whole document, with a policy that allows exactly its own style and script. */
export function renderPage(page: HtmlPage): string {
  const { data, ...rest } = page;
  return [...pageChunks(rest, data === undefined ? undefined : [jsonForScript(data)])].join('');
}

/**
 * The document of `renderPage` in pieces, for a page too large to hold as one string: the
 * data block's text comes from `data`, pieces of JSON already made safe by `jsonForScript`
 * (none: no data block). Joined, the pieces are the document `renderPage` returns.
 */
export function* pageChunks(page: Omit<HtmlPage, 'data'>, data: Iterable<string> | undefined): Generator<string> {
  const policy = [
    "default-src 'none'",
    `style-src '${cspHash(page.style)}'`,
    `script-src ${page.script === undefined ? "'none'" : `'${cspHash(page.script)}'`}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  yield [
    '<!doctype html>',
    `<html lang="${page.language}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${policy}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.title)}</title>`,
    `<style>${page.style}</style>`,
    '</head>',
    '<body>',
    page.body,
    '',
  ].join('\n');
  if (data !== undefined) {
    yield '<script type="application/json" id="evalgate-data">';
    yield* data;
    yield '</script>';
  }
  yield ['', page.script === undefined ? '' : `<script>${page.script}</script>`, '</body>', '</html>', ''].join('\n');
}

/** The CSP source for an inline block: 'sha256-' and the base64 of its UTF-8 text's digest. */
export function cspHash(text: string): string {
  return `sha256-${base64(sha256(utf8ToBytes(text)))}`;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function base64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] as number;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += BASE64[(n >> 18) & 63];
    out += BASE64[(n >> 12) & 63];
    out += b === undefined ? '=' : BASE64[(n >> 6) & 63];
    out += c === undefined ? '=' : BASE64[n & 63];
  }
  return out;
}

/**
 * The style every page shares: system fonts, text at WCAG AA contrast or better on its
 * background, a visible focus ring, and verdict colours that are never the only signal
 * (each verdict is also written out).
 */
export const BASE_STYLE = `
:root{color-scheme:light;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--soft:#f6f8fa;--bad:#b42318;--good:#1a7f37;--warn:#8a5300;--info:#0b5cad}
*{box-sizing:border-box}
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI","Noto Sans","Noto Sans CJK JP","Hiragino Sans",sans-serif;color:var(--fg);background:#fff;margin:0 auto;max-width:1200px;padding:16px 20px 48px}
h1{font-size:1.6em;margin:.3em 0}h2{font-size:1.3em;margin:1.6em 0 .5em;border-bottom:1px solid var(--line);padding-bottom:.2em}h3{font-size:1.1em;margin:1.2em 0 .4em}
table{border-collapse:collapse;margin:.6em 0;max-width:100%}
th,td{border:1px solid var(--line);padding:4px 10px;text-align:left;vertical-align:top}
th{background:var(--soft)}td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}td.num{white-space:nowrap}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
code{background:#eff1f3;border-radius:4px;padding:.1em .3em}
pre{background:var(--soft);border:1px solid var(--line);border-radius:6px;padding:8px 10px;white-space:pre-wrap;overflow-wrap:anywhere;margin:.3em 0;max-height:32em;overflow:auto}
.muted{color:var(--muted)}
.v-regression,.v-error{color:var(--bad)}.v-pass{color:var(--good)}.v-inconclusive,.v-stale-baseline{color:var(--warn)}.v-no-baseline{color:var(--info)}
button,input,select{font:inherit;color:inherit}
button{background:#fff;border:1px solid #8c959f;border-radius:6px;padding:3px 10px;cursor:pointer}
button[aria-pressed="true"]{background:#0b5cad;border-color:#0b5cad;color:#fff}
button:disabled{color:#6e7781;border-color:var(--line);cursor:default}
:focus-visible{outline:3px solid #0b5cad;outline-offset:2px}
svg text{font:12px system-ui,sans-serif;fill:#1f2328}
.note{border-left:4px solid var(--warn);background:#fff8e6;padding:6px 12px;margin:.6em 0}
.notes li{margin:.2em 0}
`;
