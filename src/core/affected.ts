/**
 * Which suites a pull request affects (docs/design/spec.md §3, §5): a suite runs when it reads a file the
 * PR changed — judged by the resolved path of every file and folder it actually read, so
 * a template that is a symlink to a shared prompt runs when the shared prompt changes —
 * or whose git attributes the PR changed (a `.gitattributes` line with eol, text,
 * working-tree-encoding or a filter changes the bytes the checkout writes, hence what is
 * sent), or when its effective entry in the config, a provider it calls, or the gate differs
 * from the base commit's. Everything else is reported as unchanged and not run. All
 * paths are relative to the repository root.
 */
import type { GateConfig, ProviderConfig, SuiteConfig } from './config/common.ts';
import type { LoadedConfig } from './config/load.ts';
import { canonicalJson } from './hash.ts';

/** The decision for each suite. */
export interface AffectedSuites {
  run: string[];
  unchanged: { name: string; reason: string }[];
  /** Why each suite runs, for the log. */
  reasons: Record<string, string>;
}

/** What a suite is made of: the files it read, its entry, the providers it calls. */
export interface SuiteFootprint {
  entry: SuiteConfig;
  /** Repository-relative paths read, as written and with symlinks followed. */
  reads: { files: readonly string[]; folders: readonly string[] };
  /** The providers it calls, by name, as they are configured for this run. */
  providers: Readonly<Record<string, ProviderConfig>>;
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

/** The folders a path lies in: a/b/c.txt → a, a/b. */
function ancestors(path: string): string[] {
  const parts = path.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

const same = (a: unknown, b: unknown): boolean => canonicalJson(a ?? null) === canonicalJson(b ?? null);

/**
 * Decides which suites to run. `base` is the config at the base commit, or null when it
 * did not exist there (or could not be read): then every suite runs.
 */
export function affectedSuites(
  suites: readonly SuiteFootprint[],
  gate: GateConfig,
  base: LoadedConfig | null,
  changedFiles: readonly string[],
  attributeChanged: readonly string[] = [],
): AffectedSuites {
  const changed = new Set(changedFiles.map(normalize));
  const reattributed = new Set(attributeChanged.map(normalize));
  const out: AffectedSuites = { run: [], unchanged: [], reasons: {} };
  for (const suite of suites) {
    const name = suite.entry.name;
    // A changed path that is a folder on the way to a read file is a symlink that was
    // retargeted (git lists a symlink as a file): the suite now reads something else.
    const hitFile =
      suite.reads.files.map(normalize).find((f) => changed.has(f)) ??
      [...suite.reads.files, ...suite.reads.folders]
        .map(normalize)
        .flatMap(ancestors)
        .find((a) => changed.has(a));
    const hitFolder = suite.reads.folders
      .map((f) => `${normalize(f)}/`)
      .find((f) => f === '/' || changed.has(f.slice(0, -1)) || [...changed].some((c) => c.startsWith(f)));
    const hitAttributes = suite.reads.files.map(normalize).find((f) => reattributed.has(f));
    const baseSuite = base?.config.suites.find((s) => s.name === name);
    let reason: string | null = null;
    if (hitFile) reason = `${hitFile} changed`;
    else if (hitAttributes) reason = `the git attributes of ${hitAttributes} changed (.gitattributes)`;
    else if (hitFolder) reason = `files under ${hitFolder} changed`;
    else if (!base) reason = 'the config is new or unreadable at the base commit';
    else if (!baseSuite) reason = 'the suite is new';
    else if (!same(baseSuite, suite.entry)) reason = 'its entry in the config changed';
    else if (Object.entries(suite.providers).some(([p, config]) => !same(base.config.providers[p], config)))
      reason = 'a provider it uses changed';
    else if (!same(base.config.gate, gate)) reason = 'the gate settings changed';
    if (reason) {
      out.run.push(name);
      out.reasons[name] = reason;
    } else {
      out.unchanged.push({ name, reason: 'unchanged' });
    }
  }
  return out;
}
