/**
 * Reading evalgate.yml: YAML parsed once with `yaml`, validated with the registry's zod
 * schema, cross-field rules checked, every problem located by file, line and key path.
 * The result (LoadedConfig) is what the engine and the edges pass around; nothing parses
 * the text again.
 */
import { LineCounter, parseDocument } from 'yaml';
import { ConfigError, formatPath, type ConfigProblem } from '../errors.ts';
import { kindOf } from '../kinds/index.ts';
import { redactUrls } from '../redact.ts';
import type { ConfigFile } from './schema.ts';
import { configSchema } from './schema.ts';
import { describeIssue, lineOfPath, located } from './diagnostics.ts';
import { documentValue } from './yaml.ts';

/** A parsed configuration with the means to point back into the file. */
export interface LoadedConfig {
  file: string;
  config: ConfigFile;
  /** The 1-based line of a key path in the file, if it is there. */
  lineOf(path: readonly PropertyKey[]): number | undefined;
}

/** Parses and validates the text of a configuration file; throws a ConfigError listing every problem. */
export function parseConfig(text: string, file: string): LoadedConfig {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    // One syntax slip cascades into many messages; the first few locate it.
    const problems: ConfigProblem[] = doc.errors.slice(0, 3).map((e) => {
      const line = e.linePos?.[0]?.line;
      return {
        file,
        ...(line ? { line } : {}),
        message: `YAML syntax: ${e.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '')}`,
      };
    });
    const column = doc.errors[0]?.linePos?.[0]?.col;
    if (column !== undefined) problems[0] = { ...(problems[0] as ConfigProblem), column };
    throw ConfigError.of(problems);
  }
  const lineOf = (path: readonly PropertyKey[]): number | undefined => lineOfPath(doc, lineCounter, path);
  const data = documentValue(doc, lineCounter, file);
  const parsed = configSchema().safeParse(data, { reportInput: true });
  if (!parsed.success) {
    const problems = parsed.error.issues.flatMap((issue) =>
      describeIssue(issue, file, data, lineOf, doc, lineCounter).map((p) => ({ ...p, message: redactUrls(p.message) })),
    );
    throw ConfigError.of(problems);
  }
  const loaded: LoadedConfig = { file, config: parsed.data as ConfigFile, lineOf };
  checkReferences(loaded);
  return loaded;
}

/** Cross-field rules zod cannot express alone: unique names, known providers. */
function checkReferences(loaded: LoadedConfig): void {
  const { config, file } = loaded;
  const problems: ConfigProblem[] = [];
  const seen = new Map<string, number>();
  const providers = Object.keys(config.providers);
  config.suites.forEach((suite, i) => {
    const at = (key: string | readonly PropertyKey[]): Omit<ConfigProblem, 'message'> => {
      const path = ['suites', i, ...(typeof key === 'string' ? [key] : key)];
      return located(file, loaded.lineOf(path), formatPath(path));
    };
    if (seen.has(suite.name))
      problems.push({
        ...at('name'),
        message: `suite name "${suite.name}" is used twice (also suites[${seen.get(suite.name)}]); names must be unique because they name result and baseline files`,
      });
    seen.set(suite.name, i);
    const kind = kindOf(suite.kind);
    for (const ref of kind.providers(suite)) {
      if (!providers.includes(ref)) {
        const key = ref === suite.provider ? 'provider' : (kind.providerKey?.(suite, ref) ?? 'provider');
        problems.push({
          ...at(key),
          message: `unknown provider "${ref}"; defined providers: ${providers.join(', ') || '(none)'}`,
        });
      }
    }
  });
  if (problems.length > 0) throw ConfigError.of(problems);
}
