/**
 * Prompt templates, used byte for byte (docs/design/spec.md §6): nothing trims or re-encodes them, the
 * hash is over the exact bytes, and the only transformation is placeholder substitution.
 * `{name}` is a placeholder; `{{` and `}}` stand for literal braces, as in Python's
 * str.format, so templates can show JSON or code.
 */
import { configError, type ConfigProblem } from './errors.ts';
import { contentSha256 } from './hash.ts';

/** A loaded template: its exact text, hash and the placeholders it uses. */
export interface Template {
  path: string;
  text: string;
  sha256: string;
  placeholders: readonly string[];
}

const TOKEN = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_-]*)\}/g;

/**
 * `{{name}}` and `{{ name }}` — the Jinja, Mustache and promptfoo way of writing a
 * placeholder. Here doubled braces are literal braces, so such a "placeholder" reaches the
 * model as the text `{name}` for every case. Found token by token, so `{{{name}}}` (a
 * placeholder between literal braces) and JSON between doubled braces are not matched.
 */
export function doubledPlaceholders(text: string): { name: string; line: number }[] {
  const out: { name: string; line: number }[] = [];
  const tokens = [...text.matchAll(TOKEN)];
  tokens.forEach((open, i) => {
    const close = tokens[i + 1];
    if (open[0] !== '{{' || close?.[0] !== '}}') return;
    const inner = /^\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*$/.exec(text.slice(open.index + 2, close.index));
    if (inner) out.push({ name: inner[1] as string, line: text.slice(0, open.index).split('\n').length });
  });
  return out;
}

/**
 * Checks a text for doubled-brace placeholders: an error naming the line when the name is
 * one this text can fill (a column, a variable), else a warning through `warn`.
 */
export function checkDoubledPlaceholders(
  text: string,
  where: { file: string; line?: number; path?: string },
  allowed: readonly string[],
  warn: ((problem: ConfigProblem) => void) | undefined,
): void {
  for (const { name, line } of doubledPlaceholders(text)) {
    const at = { ...where, line: (where.line ?? 1) + line - 1 };
    if (allowed.includes(name))
      throw configError(
        at,
        `{{${name}}} is sent to the model as the literal text "{${name}}" for every case: in evalgate a placeholder has single braces, and {{ }} stand for literal braces. Write {${name}}`,
      );
    warn?.({
      ...at,
      message: `{{${name}}} is sent as the literal text "{${name}}" ({{ and }} are literal braces here); if it is meant as a placeholder, write {${name}} — available: ${allowed.map((a) => `{${a}}`).join(' ')}`,
    });
  }
}

/**
 * Decodes a template's bytes (strict UTF-8) and checks its placeholders against those
 * allowed; doubled-brace placeholders are an error (a name it can fill) or go to `warn`.
 */
export function loadTemplate(
  bytes: Uint8Array,
  path: string,
  allowed: readonly string[],
  configLocation: { file: string; line?: number; path: string },
  warn?: (problem: ConfigProblem) => void,
): Template {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw configError(configLocation, `template ${path} is not valid UTF-8; save it as UTF-8`);
  }
  checkDoubledPlaceholders(text, { file: path }, allowed, warn);
  const placeholders: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const name = match[1];
    if (name === undefined) continue;
    if (!allowed.includes(name)) {
      const line = text.slice(0, match.index).split('\n').length;
      const guess = allowed.find(
        (a) => a.toLowerCase() === name.toLowerCase() || a.startsWith(name) || name.startsWith(a),
      );
      throw configError(
        configLocation,
        `template ${path}:${line} uses the placeholder {${name}}, which this suite kind does not provide${guess ? `; did you mean {${guess}}?` : ''}; available: ${allowed.map((a) => `{${a}}`).join(' ')} (write {{ and }} for literal braces)`,
      );
    }
    if (!placeholders.includes(name)) placeholders.push(name);
  }
  // The hash ignores line endings and a BOM (hash.ts); the text is sent exactly as saved.
  return { path, text, sha256: contentSha256(bytes), placeholders };
}

/** Fills a template's placeholders; values are inserted verbatim. */
export function renderTemplate(template: Template, values: Readonly<Record<string, string>>): string {
  return template.text.replace(TOKEN, (token, name: string | undefined) => {
    if (token === '{{') return '{';
    if (token === '}}') return '}';
    // Own values only: {constructor} or {toString} must not render Object.prototype's members.
    const value = Object.hasOwn(values, name as string) ? values[name as string] : undefined;
    if (value === undefined) throw new Error(`no value for placeholder {${name}}`);
    return value;
  });
}
