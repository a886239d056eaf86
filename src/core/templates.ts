/**
 * Prompt templates, used byte for byte (docs/design/spec.md §6): nothing trims or re-encodes them, the
 * hash is over the exact bytes, and the only transformation is placeholder substitution.
 * `{name}` is a placeholder; `{{` and `}}` stand for literal braces, as in Python's
 * str.format, so templates can show JSON or code.
 */
import { configError } from './errors.ts';
import { contentSha256 } from './hash.ts';

/** A loaded template: its exact text, hash and the placeholders it uses. */
export interface Template {
  path: string;
  text: string;
  sha256: string;
  placeholders: readonly string[];
}

const TOKEN = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_-]*)\}/g;

/** Decodes a template's bytes (strict UTF-8) and checks its placeholders against those allowed. */
export function loadTemplate(
  bytes: Uint8Array,
  path: string,
  allowed: readonly string[],
  configLocation: { file: string; line?: number; path: string },
): Template {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw configError(configLocation, `template ${path} is not valid UTF-8; save it as UTF-8`);
  }
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
