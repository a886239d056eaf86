/**
 * Text for the runner's log: the one sanitizer every log line, annotation and CLI line
 * passes through, because suite names, models, paths, replies and error messages are a
 * pull request's (or a model's) to choose.
 *
 * GitHub's runner reads the step's output line by line (a line ends at \n or \r) and
 * treats as a workflow command
 * - a line whose text, after leading whitespace, starts with `::` (`::error::`,
 *   `::add-mask::`, `::stop-commands::`, `::set-output …`), and
 * - the legacy form `##[command]` anywhere in a line.
 * So control characters are shown escaped (no text can start a line of its own, move
 * the cursor or colour the log), a line that would start with `::` gets a backslash in
 * front, and every `##[` becomes `##\[`. The text stays readable; no line can command.
 */

// C0 and C1 controls, DEL, the Unicode line and paragraph separators, and the bidi
// controls that reorder what a reader sees (U+202A–U+202E, U+2066–U+2069, U+200E/F).
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// The same without \n, for messages whose own lines are kept.
const CONTROL_KEEP_LINES =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r' };

function escapeOne(ch: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const code = ch.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** A value for one line: every control character (newlines too) shown escaped. */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, escapeOne);
}

/** One line made inert: no `::` command at its start, no `##[` command anywhere. */
function inertLine(line: string): string {
  return line.replace(/^(\s*)::/, '$1\\::').replaceAll('##[', '##\\[');
}

/**
 * A message for the log: its own line breaks kept (\r\n and \r count as one), every other
 * control character escaped, and each line made inert.
 */
export function logText(message: string): string {
  return message
    .split(/\r\n|\n/)
    .map((line) => inertLine(line.replace(CONTROL_KEEP_LINES, escapeOne)))
    .join('\n');
}

/**
 * A line already escaped except for the terminal's own styling (ANSI colours added by
 * the CLI after escaping the values): only made inert, its escapes kept.
 */
export function inertStyledLine(line: string): string {
  return line
    .split('\n')
    .map((l) => inertLine(l))
    .join('\n');
}
