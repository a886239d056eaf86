/**
 * The assertions a prompt suite checks each reply with. Everything here but `python` is
 * decided in this process from the reply's text; `python` runs in the sandbox (python.ts).
 * A check never throws for a model's reply: a reply that is not JSON fails `is-json`, it
 * does not stop the run.
 */
import type { ValidateFunction } from 'ajv';
import type { AssertionConfig, PromptNormalizer } from './config.ts';

/** The outcome of one assertion on one reply. */
export interface AssertionVerdict {
  name: string;
  type: AssertionConfig['type'];
  pass: boolean;
  /** Why it failed (empty when it passed). */
  message: string;
  /** judge: the judges' mean score (1–5) and each judge's verdict with its reasoning. */
  score?: number;
  judgments?: {
    judge: string;
    model: string;
    score: number;
    method: string;
    reasoning: string;
    usage: { inputTokens: number; outputTokens: number; calls: number; cached: number; costUsd: number | null };
  }[];
}

const VARIABLE = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_-]*)\}/g;

/** The `{variables}` a value uses, with the 1-based line each first appears on. */
export function variablesOf(text: string): { name: string; line: number }[] {
  const out: { name: string; line: number }[] = [];
  for (const m of text.matchAll(VARIABLE)) {
    const name = m[1];
    if (name !== undefined && !out.some((v) => v.name === name))
      out.push({ name, line: text.slice(0, m.index).split('\n').length });
  }
  return out;
}

/** Fills `{variables}`; `escape` is applied to each inserted value (regexes insert literal text). */
export function fillVariables(
  text: string,
  vars: Readonly<Record<string, string>>,
  escape: (value: string) => string = (v) => v,
): string {
  return text.replace(VARIABLE, (token, name: string | undefined) => {
    if (token === '{{') return '{';
    if (token === '}}') return '}';
    const value = Object.hasOwn(vars, name as string) ? vars[name as string] : undefined;
    // Loading checks every variable against the dataset's columns; a case without one (a
    // case restored from the base commit, whose columns differ) is an error, never ''.
    if (value === undefined) throw new Error(`the case has no column "${name}"`);
    return escape(value);
  });
}

/** A value made literal inside a regular expression. */
export function regexLiteral(value: string): string {
  return value.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/** Applies normalizers in a fixed order: fence, NFKC or NFC, lowercase, trim. */
export function normalizeReply(text: string, normalizers: readonly PromptNormalizer[]): string {
  let out = text;
  if (normalizers.includes('strip-code-fence')) {
    const fenced = /^\s*(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n?\1\s*$/.exec(out);
    if (fenced) out = fenced[2] as string;
  }
  if (normalizers.includes('nfkc')) out = out.normalize('NFKC');
  else if (normalizers.includes('nfc')) out = out.normalize('NFC');
  if (normalizers.includes('lowercase')) out = out.toLowerCase();
  if (normalizers.includes('trim')) out = out.trim();
  return out;
}

/**
 * Compiles a JSON Schema document with ajv (draft-07, or 2020-12 when its $schema says so).
 * ajv is loaded here, on the first schema, not with the module: only suites with a
 * json-schema assertion need it, and every command that loads the kinds would pay for it.
 */
export async function compileJsonSchema(schema: unknown): Promise<ValidateFunction> {
  const draft2020 =
    schema !== null &&
    typeof schema === 'object' &&
    typeof (schema as { $schema?: unknown }).$schema === 'string' &&
    ((schema as { $schema: string }).$schema.includes('2020-12') ||
      (schema as { $schema: string }).$schema.includes('2019-09'));
  return (await import('./json-schema.ts')).compileWithAjv(schema as object, draft2020);
}

const codePoints = (text: string): number => {
  let n = 0;
  for (const _ of text) n++;
  return n;
};

const quote = (text: string, max = 80): string => JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);

/** What a text assertion needs besides the reply: its rendered value, regex or schema. */
export interface TextCheck {
  assertion: Exclude<AssertionConfig, { type: 'python' | 'judge' }>;
  name: string;
  vars: Readonly<Record<string, string>>;
  schema?: ValidateFunction;
}

/** Checks one reply with one assertion decided here (every type but `python`). */
export function checkText(reply: string, check: TextCheck): AssertionVerdict {
  const a = check.assertion;
  const out = normalizeReply(reply, a.normalize);
  const verdict = (pass: boolean, message: string): AssertionVerdict => ({
    name: check.name,
    type: a.type,
    pass,
    message: pass ? '' : message,
  });
  switch (a.type) {
    case 'equals': {
      const v = normalizeReply(fillVariables(a.value, check.vars), a.normalize);
      return verdict(out === v, `the reply is not ${quote(v)}`);
    }
    case 'contains': {
      const v = normalizeReply(fillVariables(a.value, check.vars), a.normalize);
      return verdict(out.includes(v), `the reply does not contain ${quote(v)}`);
    }
    case 'not-contains': {
      const v = normalizeReply(fillVariables(a.value, check.vars), a.normalize);
      return verdict(!out.includes(v), `the reply contains ${quote(v)}`);
    }
    case 'starts-with': {
      const v = normalizeReply(fillVariables(a.value, check.vars), a.normalize);
      return verdict(out.startsWith(v), `the reply does not start with ${quote(v)}`);
    }
    case 'regex': {
      const source = fillVariables(a.value, check.vars, regexLiteral);
      return verdict(new RegExp(source, a.flags).test(out), `the reply does not match /${source}/${a.flags}`);
    }
    case 'is-json': {
      const parsed = parseJson(out);
      return verdict(parsed.ok, parsed.ok ? '' : `the reply is not JSON (${parsed.message})`);
    }
    case 'json-schema': {
      const parsed = parseJson(out);
      if (!parsed.ok) return verdict(false, `the reply is not JSON (${parsed.message})`);
      const validate = check.schema as ValidateFunction;
      const ok = validate(parsed.value);
      const first = validate.errors?.[0];
      return verdict(
        ok,
        first ? `the reply's JSON breaks the schema at ${first.instancePath || '(root)'}: ${first.message ?? ''}` : '',
      );
    }
    case 'length': {
      const n = codePoints(out);
      const short = a.min !== undefined && n < a.min;
      const long = a.max !== undefined && n > a.max;
      return verdict(
        !short && !long,
        short
          ? `the reply has ${n} characters, fewer than ${a.min}`
          : `the reply has ${n} characters, more than ${a.max}`,
      );
    }
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: (error as Error).message.slice(0, 120) };
  }
}
