/**
 * Which parts of a pull request's configuration apply to that pull request (the security
 * model in README "Security model"). A PR is what is being judged, so it may change what
 * is tested — its templates, its data, a target model and its generation settings — but
 * never where keys are sent, what code may run on the host, the gate, or the instrument
 * that measures it. Those come from the base commit's config: a change to them is
 * reported and takes effect after merge, when the baseline is refreshed with it.
 *
 * Pure: both configs are parsed by the caller; this decides the effective one.
 */
import type { ConfigFile } from './config/schema.ts';
import type { LoadedConfig } from './config/load.ts';
import type { ProviderConfig, SuiteConfig } from './config/common.ts';
import { kindOf } from './kinds/index.ts';
import { canonicalJson } from './hash.ts';
import type { TrustedChangeKind } from './types.ts';

/** Provider keys a pull request may change for its own run (model upgrades stay testable). */
export const PR_PROVIDER_KEYS = [
  'model',
  'temperature',
  'seed',
  'max-tokens',
  'max-completion-tokens',
  'reasoning-effort',
  'strip-reasoning',
] as const;

/** Suite keys that say what is tested; every other key measures or gates, and comes from the base. */
export const PR_SUITE_KEYS = ['templates', 'dataset', 'tasks', 'description', 'provider'] as const;

export type { TrustedChangeKind } from './types.ts';

/** One change of the PR's config that is not applied to the PR's own run. */
export interface TrustedChange {
  kind: TrustedChangeKind;
  /** The key path, e.g. `providers.target.base-url` or `suites.qa.normalizers`. */
  path: string;
  /** What happens instead, in a few words. */
  note: string;
}

/** What the report says about trust and integrity. */
export interface RunNotices {
  /** Changes of the pull request's config that were not applied to its own run. */
  untrusted?: readonly TrustedChange[];
  /** Sentences for the report from the message table, in its language, Markdown-safe. */
  messages?: readonly string[];
  /** Stored entries that failed authentication and were ignored. */
  rejected?: { cacheEntries: number; records: number };
  /** How each provider's requests were changed to suit its server. */
  adaptations?: readonly { provider: string; notes: readonly string[] }[];
  /** Why the budget stopped the run, when it did. */
  budgetStop?: string;
}

/** The effective configuration of a pull request's run. */
export interface TrustDecision {
  loaded: LoadedConfig;
  /** Changes the PR made to trusted fields: reported, applied after merge. */
  changes: TrustedChange[];
  /** Suites not run, with why (they call a provider only the PR defines). */
  notRun: { name: string; reason: string }[];
  /** Suites the base defines and the PR removed: still run from the base's definition. */
  removed: string[];
}

const differs = (a: unknown, b: unknown): boolean => canonicalJson(a ?? null) !== canonicalJson(b ?? null);

const NOTE = {
  endpoint: "the base branch's value is used; applied after merge, not to this pull request",
  gate: "the base branch's gate judges this pull request; applied after merge",
  instrument: "measured with the base branch's instrument; applied after merge — refresh the baseline then",
  executor: "code runs in the base branch's executor; applied after merge",
  judge:
    "grading keeps the base branch's value (applied after merge — refresh the baseline then); where it is a suite's target, the target runs this pull request's value",
} as const;

function providersOf(suite: SuiteConfig): string[] {
  return kindOf(suite.kind).providers(suite);
}

/** The providers that grade a suite's answers (its target too, when it grades its own). */
function judgesOfSuite(suite: SuiteConfig): string[] {
  const kind = kindOf(suite.kind);
  return kind.judgeProviders ? kind.judgeProviders(suite) : kind.providers(suite).slice(1);
}

/**
 * The name a judge provider runs under where it is also a suite's target and the pull
 * request changed its generation settings: the target runs the PR's settings, grading stays
 * with the base's. Not a valid name in evalgate.yml, so it cannot collide with one.
 */
export function targetRoleName(provider: string): string {
  return `${provider} (as target)`;
}

function keyKind(key: string): TrustedChangeKind {
  if (key === 'gate') return 'gate';
  if (key === 'executor') return 'executor';
  return 'instrument';
}

/**
 * The configuration a pull request runs with: the PR's tested fields over the base's
 * trusted ones. `base` is the config at the base commit (null when the PR introduces it:
 * then the PR's config applies as is, and the caller says so).
 */
export function applyTrustedConfig(head: LoadedConfig, base: LoadedConfig): TrustDecision {
  const changes: TrustedChange[] = [];
  const notRun: { name: string; reason: string }[] = [];
  const b = base.config;
  const h = head.config;

  // Providers: the base's, with the PR's generation settings for target-only providers. A
  // provider the base uses as a judge anywhere stays whole from the base (a PR must not pick
  // its grader); where it is also a suite's target, the target runs under its own name with
  // the PR's settings (targetRoleName), so a model upgrade stays testable.
  const judges = new Set(b.suites.flatMap((s) => judgesOfSuite(s)));
  const providers: Record<string, ProviderConfig> = {};
  const asTarget = new Map<string, ProviderConfig>();
  for (const [name, bp] of Object.entries(b.providers)) {
    const hp = Object.hasOwn(h.providers, name) ? h.providers[name] : undefined;
    const effective: ProviderConfig = { ...bp };
    if (hp) {
      const targetSide: ProviderConfig = { ...bp };
      for (const key of Object.keys({ ...bp, ...hp }) as (keyof ProviderConfig)[]) {
        if (!differs(bp[key], hp[key])) continue;
        const testable = (PR_PROVIDER_KEYS as readonly string[]).includes(key);
        if (testable && !judges.has(name)) (effective as Record<string, unknown>)[key] = hp[key];
        else if (testable) {
          (targetSide as Record<string, unknown>)[key] = hp[key];
          changes.push({ kind: 'instrument', path: `providers.${name}.${key}`, note: `${name} judges; ${NOTE.judge}` });
        } else changes.push({ kind: 'endpoint', path: `providers.${name}.${key}`, note: NOTE.endpoint });
      }
      if (judges.has(name) && differs(targetSide, bp)) asTarget.set(name, targetSide);
    } else {
      changes.push({
        kind: 'provider',
        path: `providers.${name}`,
        note: "removed by this pull request; the base branch's definition is used until merge",
      });
    }
    providers[name] = effective;
  }
  for (const name of Object.keys(h.providers)) {
    if (!Object.hasOwn(b.providers, name))
      changes.push({
        kind: 'provider',
        path: `providers.${name}`,
        note: 'a provider only this pull request defines is not called; applied after merge',
      });
  }

  if (differs(b.gate, h.gate)) changes.push({ kind: 'gate', path: 'gate', note: NOTE.gate });
  // What a run may spend is the base's to decide, like the gate.
  if (differs(b.budget, h.budget))
    changes.push({ kind: 'gate', path: 'budget', note: "the base branch's budget applies; applied after merge" });

  // Suites: the PR's list (what it tests), each measured and gated as the base says.
  const suites: SuiteConfig[] = [];
  for (const hs of h.suites) {
    const bs = b.suites.find((s) => s.name === hs.name);
    let effective: SuiteConfig;
    if (!bs) {
      effective = { ...hs };
      if (hs.gate !== undefined) {
        delete (effective as { gate?: unknown }).gate;
        changes.push({ kind: 'gate', path: `suites.${hs.name}.gate`, note: NOTE.gate });
      }
      const kind = kindOf(effective.kind);
      if (kind.unsafeExecutor?.(effective) && kind.withSafeExecutor) {
        effective = kind.withSafeExecutor(effective);
        changes.push({
          kind: 'executor',
          path: `suites.${hs.name}.executor`,
          note: 'a new suite runs model code in the sandbox; applied after merge',
        });
      }
    } else if (bs.kind !== hs.kind) {
      effective = bs;
      changes.push({ kind: 'instrument', path: `suites.${hs.name}.kind`, note: NOTE.instrument });
    } else {
      const merged: Record<string, unknown> = { ...bs };
      const hr = hs as Record<string, unknown>;
      const br = bs as Record<string, unknown>;
      for (const key of PR_SUITE_KEYS) {
        if (key in hr) merged[key] = hr[key];
        else delete merged[key];
      }
      const bt = (bs as unknown as { templates: Record<string, string | undefined> }).templates;
      const ht = (hs as unknown as { templates: Record<string, string | undefined> }).templates;
      if ('judge' in bt || 'judge' in ht) {
        const templates: Record<string, string | undefined> = { ...ht };
        if (bt['judge'] !== undefined) templates['judge'] = bt['judge'];
        else delete templates['judge'];
        merged['templates'] = templates;
        if (differs(bt['judge'], ht['judge']))
          changes.push({ kind: 'instrument', path: `suites.${hs.name}.templates.judge`, note: NOTE.instrument });
      }
      for (const key of Object.keys({ ...br, ...hr })) {
        if ((PR_SUITE_KEYS as readonly string[]).includes(key) || !differs(br[key], hr[key])) continue;
        const kind = keyKind(key);
        changes.push({
          kind,
          path: `suites.${hs.name}.${key}`,
          note: NOTE[kind as 'gate' | 'executor' | 'instrument'],
        });
      }
      effective = merged as SuiteConfig;
    }
    const judgeTarget = asTarget.get((effective as { provider: string }).provider);
    if (judgeTarget) {
      const role = targetRoleName(effective.provider);
      providers[role] = judgeTarget;
      effective = { ...effective, provider: role };
    }
    const unknown = providersOf(effective).filter((p) => !Object.hasOwn(providers, p));
    if (unknown.length > 0) {
      notRun.push({
        name: hs.name,
        reason: `calls provider ${unknown.map((p) => `"${p}"`).join(', ')}, which the base branch does not define; new providers apply after merge`,
      });
      continue;
    }
    suites.push(effective);
  }
  const removed: string[] = [];
  for (const bs of b.suites) {
    if (h.suites.some((s) => s.name === bs.name)) continue;
    removed.push(bs.name);
    const judgeTarget = asTarget.get(bs.provider);
    if (judgeTarget) providers[targetRoleName(bs.provider)] = judgeTarget;
    suites.push(judgeTarget ? { ...bs, provider: targetRoleName(bs.provider) } : bs);
    changes.push({
      kind: 'suite',
      path: `suites.${bs.name}`,
      note: "removed by this pull request; run from the base branch's definition while its files exist",
    });
  }

  const { budget: _prBudget, ...rest } = h;
  const config: ConfigFile = { ...rest, providers, gate: b.gate, suites, ...(b.budget ? { budget: b.budget } : {}) };
  return { loaded: { file: head.file, config, lineOf: head.lineOf }, changes, notRun, removed };
}
