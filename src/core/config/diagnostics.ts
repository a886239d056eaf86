/**
 * Where configuration problems are and how they are told: key paths mapped to lines of
 * the YAML, zod issues turned into located problems (data: file, line, path, message)
 * with what is valid and "did you mean" hints. Formatting happens once, in ConfigError.
 */
import { isMap, isSeq, type Document, type LineCounter } from 'yaml';
import { z } from 'zod';
import { formatPath, type ConfigProblem } from '../errors.ts';
import { findKind, kindNames, kinds } from '../kinds/index.ts';
import { gateOverrideSchema, gateSchema, providerSchema } from './common.ts';
import { configSchema } from './schema.ts';

/** A location as problem fields (no line when the key is not in the file). */
export function located(file: string, line: number | undefined, path: string): Omit<ConfigProblem, 'message'> {
  return { file, ...(line !== undefined ? { line } : {}), path };
}

/** The 1-based line of a key path; a missing key points at its nearest parent that is there. */
export function lineOfPath(doc: Document, lineCounter: LineCounter, path: readonly PropertyKey[]): number | undefined {
  // Walk down as far as the path exists, so a missing key points at its parent.
  for (let depth = path.length; depth >= 0; depth--) {
    const node = doc.getIn(path.slice(0, depth) as unknown[], true) as { range?: [number, number, number] } | undefined;
    if (node && typeof node === 'object' && node.range) {
      // For a mapping value, prefer the line of its key.
      if (depth > 0) {
        const keyLine = keyLineOf(doc, lineCounter, path.slice(0, depth));
        if (keyLine !== undefined) return keyLine;
      }
      return lineCounter.linePos(node.range[0]).line;
    }
  }
  return undefined;
}

/** The line of a mapping key (or a sequence item) at a path, if it is there. */
export function keyLineOf(doc: Document, lineCounter: LineCounter, path: readonly PropertyKey[]): number | undefined {
  const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1) as unknown[], true);
  const last = path[path.length - 1];
  if (isMap(parent)) {
    for (const pair of parent.items) {
      const key = pair.key as { value?: unknown; range?: [number, number, number] } | null;
      if (key && key.value === last && key.range) return lineCounter.linePos(key.range[0]).line;
    }
  }
  if (isSeq(parent) && typeof last === 'number') {
    const item = parent.items[last] as { range?: [number, number, number] } | undefined;
    if (item?.range) return lineCounter.linePos(item.range[0]).line;
  }
  return undefined;
}

/** The problems a zod issue stands for, located in the file, with what is valid. */
export function describeIssue(
  issue: z.core.$ZodIssue,
  file: string,
  data: unknown,
  lineOf: (p: readonly PropertyKey[]) => number | undefined,
  doc: Document,
  lineCounter: LineCounter,
): ConfigProblem[] {
  const path = issue.path;
  if (issue.code === 'unrecognized_keys') {
    const parentPath = formatPath(path);
    const known = knownKeys(data, path);
    return issue.keys.map((key) => {
      const full = [...path, key];
      const hint = suggest(key, known);
      // Floors are metrics of one suite's kind, so they are set per suite, not file-wide.
      const perSuite =
        key === 'min' && path.length === 1 && path[0] === 'gate'
          ? "; floors are set per suite, under suites[i].gate.min, because metrics are the suite kind's."
          : '';
      return {
        ...located(file, keyLineOf(doc, lineCounter, full) ?? lineOf(path), formatPath(full)),
        message: `unknown key${hint ? `; did you mean "${hint}"?` : ''}${perSuite}${known.length ? ` Valid keys${parentPath ? ` of ${parentPath}` : ''}: ${known.join(', ')}` : ''}`,
      };
    });
  }
  const where = located(file, lineOf(path), formatPath(path) || '(top level)');
  const at = (message: string): ConfigProblem[] => [{ ...where, message }];
  if (issue.code === 'invalid_key') {
    const inner = issue.issues[0];
    return at(
      `${inner?.message ?? issue.message}${typeof issue.input === 'string' ? `, got ${JSON.stringify(issue.input)}` : ''}`,
    );
  }
  if (issue.input === undefined && issue.code !== 'custom') return at(`required key is missing`);
  if (issue.code === 'invalid_union' && 'discriminator' in issue && issue.discriminator === 'kind') {
    const got = getAt(data, path);
    return at(`expected one of ${kindNames().join(', ')}, got ${JSON.stringify(got)}`);
  }
  if (issue.code === 'invalid_value') {
    return at(`expected one of ${issue.values.map((v) => String(v)).join(', ')}, got ${JSON.stringify(issue.input)}`);
  }
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return at(`required key is missing (expected ${issue.expected})`);
    return at(`expected ${issue.expected}, got ${JSON.stringify(issue.input)}`);
  }
  return at(
    `${issue.message}${issue.input !== undefined && typeof issue.input !== 'object' ? `, got ${JSON.stringify(issue.input)}` : ''}`,
  );
}

function getAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = data;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[key];
  }
  return cur;
}

/** The keys the schema accepts at a path, for "did you mean" hints. */
function knownKeys(data: unknown, path: readonly PropertyKey[]): string[] {
  const p = path.map((k) => (typeof k === 'number' ? '#' : String(k)));
  if (p.length === 0) return Object.keys(configSchema().shape);
  if (p[0] === 'gate' && p.length === 1) return Object.keys(gateSchema.shape);
  if (p[0] === 'budget' && p.length === 1) return ['max-calls', 'max-cost'];
  if (p[0] === 'providers' && p.length === 2) return Object.keys(providerSchema.shape);
  if (p[0] === 'suites') {
    const kind = getAt(data, [...path.slice(0, 2), 'kind']);
    const schema = (typeof kind === 'string' ? findKind(kind) : undefined)?.configSchema ?? kinds()[0]?.configSchema;
    if (!schema) return [];
    if (p.length === 2) return Object.keys(schema.shape);
    const templates = schema.shape['templates'];
    if (p.length === 3 && p[2] === 'templates')
      return templates instanceof z.ZodObject ? Object.keys(templates.shape) : [];
    if (p.length === 3 && p[2] === 'gate') return Object.keys(gateOverrideSchema.shape);
  }
  return [];
}

/** The closest known key within edit distance 2, if any. */
function suggest(key: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of known) {
    const d = editDistance(key, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] as number;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j] as number;
      prev[j] = Math.min(up + 1, (prev[j - 1] as number) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length] as number;
}
