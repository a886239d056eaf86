/**
 * Sharding a run across jobs (GitHub Actions' matrix) and merging the parts back into one
 * result, so a suite too large for one job still gets one statistical decision.
 *
 * Partition: a suite's cases sorted by id, dealt round-robin — shard i of n takes every
 * n-th case from position i − 1. Stable for the same dataset, balanced within one case.
 * Each part records its shard, the run it belongs to and a hash of the whole case list;
 * merging checks all of that before it trusts the parts.
 */
import { configError } from './errors.ts';
import { hashValue } from './hash.ts';
import { assembleResult } from './run-suite.ts';
import { caseHashAt, caseIdAt, pickCases, type Cases } from './datasets/case-columns.ts';
import type { ShardInfo, ShardSpec, SuiteResult } from './types.ts';

export type { ShardInfo, ShardSpec } from './types.ts';

/** Parses `i/n` (1 ≤ i ≤ n). */
export function parseShard(text: string): ShardSpec {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = m ? Number(m[1]) : Number.NaN;
  const count = m ? Number(m[2]) : Number.NaN;
  if (!m || index < 1 || count < 1 || index > count) {
    throw configError(
      { file: 'command line', path: '--shard' },
      `--shard must be i/n with 1 ≤ i ≤ n (e.g. 2/4), got ${JSON.stringify(text)}`,
    );
  }
  return { index, count };
}

/**
 * The cases of one shard, and what the shard's result must record. The cases are sorted as
 * indices (a table of columns stays one: case-columns.ts), by id, equal ids in list order.
 */
export function shardCases(cases: Cases, spec: ShardSpec): { cases: Cases; info: ShardInfo } {
  const ids = Array.from({ length: cases.length }, (_, i) => caseIdAt(cases, i));
  const sorted = ids
    .map((_, i) => i)
    .sort((a, b) => {
      const x = ids[a] as string;
      const y = ids[b] as string;
      return x < y ? -1 : x > y ? 1 : 0;
    });
  const mine = sorted.filter((_, i) => i % spec.count === spec.index - 1);
  return {
    cases: pickCases(cases, mine),
    info: {
      ...spec,
      caseIds: mine.map((i) => ids[i] as string),
      totalCases: sorted.length,
      allCasesHash: hashValue(sorted.map((i) => [ids[i], caseHashAt(cases, i)])),
    },
  };
}

/** One part as read from disk: where it came from and what it holds. */
export interface ShardPart {
  source: string;
  result: SuiteResult & { shard?: ShardInfo };
}

/**
 * Merges the parts of one suite into the result an unsharded run would have written.
 * A missing, duplicated or foreign part is a ConfigError that names it.
 */
export function mergeShardParts(parts: readonly ShardPart[]): SuiteResult {
  const first = parts[0];
  if (!first) throw configError({ file: 'merge' }, 'no shard results to merge');
  const name = first.result.suite.name;
  const where = (p: ShardPart): string =>
    `${p.source} (suite ${name}, shard ${p.result.shard ? `${p.result.shard.index}/${p.result.shard.count}` : '—'}, run ${p.result.runId})`;
  for (const p of parts) {
    if (!p.result.shard)
      throw configError({ file: p.source }, `${where(p)} is not a shard result; it was not made with --shard`);
  }
  const head = first.result.shard as ShardInfo;
  for (const p of parts.slice(1)) {
    const s = p.result.shard as ShardInfo;
    if (p.result.runId !== first.result.runId)
      throw configError(
        { file: p.source },
        `${where(p)} belongs to another run than ${where(first)}; merge the shards of one run (the same --run-id)`,
      );
    if (s.count !== head.count)
      throw configError(
        { file: p.source },
        `${where(p)} splits the suite into ${s.count} shards, ${where(first)} into ${head.count}`,
      );
    if (
      p.result.tested.hash !== first.result.tested.hash ||
      p.result.instrument.hash !== first.result.instrument.hash ||
      s.allCasesHash !== head.allCasesHash
    ) {
      throw configError(
        { file: p.source },
        `${where(p)} tested or measured something else than ${where(first)} (dataset, templates, model, settings or metrics differ)`,
      );
    }
  }
  const byIndex = new Map<number, ShardPart>();
  for (const p of parts) {
    const i = (p.result.shard as ShardInfo).index;
    const other = byIndex.get(i);
    if (other)
      throw configError(
        { file: p.source },
        `shard ${i}/${head.count} of suite ${name} appears twice: ${p.source} and ${other.source}`,
      );
    byIndex.set(i, p);
  }
  const missing = Array.from({ length: head.count }, (_, k) => k + 1).filter((i) => !byIndex.has(i));
  if (missing.length > 0)
    throw configError(
      { file: 'merge' },
      `suite ${name}: shard ${missing.map((i) => `${i}/${head.count}`).join(', ')} of run ${first.result.runId} is missing; pass every shard's output directory`,
    );
  // Every case exactly once, and every record from the shard that owns its case.
  const owner = new Map<string, number>();
  for (const p of parts) {
    const s = p.result.shard as ShardInfo;
    for (const id of s.caseIds) {
      if (owner.has(id))
        throw configError(
          { file: p.source },
          `case ${id} of suite ${name} is in shard ${owner.get(id)} and shard ${s.index}`,
        );
      owner.set(id, s.index);
    }
    for (const r of p.result.records) {
      if (owner.get(r.caseId) !== s.index)
        throw configError({ file: p.source }, `${where(p)} holds case ${r.caseId}, which is not in its slice`);
    }
  }
  if (owner.size !== head.totalCases)
    throw configError({ file: 'merge' }, `suite ${name}: the shards cover ${owner.size} of ${head.totalCases} cases`);
  const records = parts.flatMap((p) => p.result.records);
  const started = parts.map((p) => p.result.startedAt).sort()[0] as string;
  const finished = parts
    .map((p) => p.result.finishedAt)
    .sort()
    .at(-1) as string;
  const merged = assembleResult(
    {
      name,
      kind: first.result.suite.kind,
      tested: first.result.tested,
      instrument: first.result.instrument,
      pricing: null,
    },
    records,
    { startedAt: started, finishedAt: finished, runId: first.result.runId, toolVersion: first.result.tool.version },
  );
  // Cost was priced per shard; the merged figure is their sum.
  const costs = parts.map((p) => p.result.aggregates.cost);
  merged.aggregates.cost = costs.every((c) => c !== null)
    ? { usd: costs.reduce((s, c) => s + (c?.usd ?? 0), 0), source: (costs[0] as { source: string }).source }
    : null;
  return merged;
}
