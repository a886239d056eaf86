/**
 * Colour for the console: on when the stream is a terminal, off in pipes and files.
 * FORCE_COLOR (any value but 0/false) turns it on and wins, as in Node itself; NO_COLOR
 * (any non-empty value, no-color.org) turns it off; TERM=dumb turns it off.
 */

/** Whether to colour what goes to `stream`. */
export function colourEnabled(stream: { isTTY?: boolean }, env: Readonly<Record<string, string | undefined>>): boolean {
  const force = env['FORCE_COLOR'];
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
  return stream.isTTY === true && env['TERM'] !== 'dumb';
}

/** ANSI styles, or the identity when colour is off. */
export interface Paint {
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

/** The styles for a decision made by colourEnabled. */
export function paint(enabled: boolean): Paint {
  const style =
    (open: number, close: number) =>
    (text: string): string =>
      enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return { red: style(31, 39), green: style(32, 39), yellow: style(33, 39), dim: style(2, 22), bold: style(1, 22) };
}

/** The colour of a verdict: green pass, red what fails the check (regression, below-floor, error), yellow the rest. */
export function verdictColour(p: Paint, verdict: string): (text: string) => string {
  if (verdict === 'pass') return p.green;
  if (verdict === 'regression' || verdict === 'below-floor' || verdict === 'error') return p.red;
  return p.yellow;
}
