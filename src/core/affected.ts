/**
 * Which suites a pull request affects (SPEC §3, §5): a suite runs when one of its files
 * changed — templates, dataset, task folder — or its entry in the config, or a provider it
 * calls. Everything else is reported as unchanged and not run. Paths in the config are
 * relative to the config's folder; changed files are relative to the repository root.
 */
import { parseConfig, type LoadedConfig, type SuiteConfig } from './config.ts';
import { canonicalJson } from './hash.ts';

/** The decision for each suite. */
export interface AffectedSuites {
  run: string[];
  unchanged: { name: string; reason: string }[];
  /** Why each suite runs, for the log. */
  reasons: Record<string, string>;
}

/** The files a suite reads, relative to the config's folder. */
export function suiteFiles(suite: SuiteConfig): { files: string[]; folders: string[] } {
  const files: string[] = [];
  const folders: string[] = [];
  if (suite.kind === 'round-trip') {
    folders.push(suite.tasks);
    files.push(suite.templates['nl-to-code'], suite.templates['code-to-nl']);
  } else {
    files.push(typeof suite.dataset === 'string' ? suite.dataset : suite.dataset.path);
    for (const t of Object.values(suite.templates)) if (typeof t === 'string') files.push(t);
  }
  return { files, folders };
}

function normalize(path: string): string {
  const parts: string[] = [];
  for (const p of path.replace(/\\/g, '/').split('/')) {
    if (p === '' || p === '.') continue;
    if (p === '..') parts.pop();
    else parts.push(p);
  }
  return parts.join('/');
}

/**
 * Decides which suites to run. `configDir` is the config's folder relative to the
 * repository root ('' at the root); `baseConfigText` is the config at the base commit,
 * or null when it did not exist there.
 */
export function affectedSuites(head: LoadedConfig, baseConfigText: string | null, changedFiles: readonly string[], configDir: string): AffectedSuites {
  const changed = new Set(changedFiles.map(normalize));
  const prefix = configDir === '' ? '' : `${normalize(configDir)}/`;
  let base: LoadedConfig | null = null;
  if (baseConfigText !== null) {
    try {
      base = parseConfig(baseConfigText, `${head.file}@base`);
    } catch {
      base = null; // an invalid base config: treat every suite as changed
    }
  }
  const out: AffectedSuites = { run: [], unchanged: [], reasons: {} };
  for (const suite of head.config.suites) {
    const { files, folders } = suiteFiles(suite);
    const hitFile = files.map((f) => normalize(prefix + f)).find((f) => changed.has(f));
    const hitFolder = folders.map((f) => `${normalize(prefix + f)}/`).find((f) => [...changed].some((c) => c.startsWith(f)));
    const baseSuite = base?.config.suites.find((s) => s.name === suite.name);
    const providers = [suite.provider, ...(suite.kind === 'judged' ? (Array.isArray(suite.judge) ? suite.judge : [suite.judge]) : [])];
    let reason: string | null = null;
    if (hitFile) reason = `${hitFile} changed`;
    else if (hitFolder) reason = `files under ${hitFolder} changed`;
    else if (!base) reason = 'the config is new or unreadable at the base commit';
    else if (!baseSuite) reason = 'the suite is new';
    else if (canonicalJson(baseSuite) !== canonicalJson(suite)) reason = 'its entry in the config changed';
    else if (providers.some((p) => canonicalJson(base?.config.providers[p] ?? null) !== canonicalJson(head.config.providers[p] ?? null))) reason = 'a provider it uses changed';
    else if (canonicalJson(base.config.gate) !== canonicalJson(head.config.gate)) reason = 'the gate settings changed';
    if (reason) {
      out.run.push(suite.name);
      out.reasons[suite.name] = reason;
    } else {
      out.unchanged.push({ name: suite.name, reason: 'unchanged' });
    }
  }
  return out;
}
