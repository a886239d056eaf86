/**
 * The text `evalgate plan` prints: a table per suite and the totals.
 */
import { kinds } from '../core/kinds/index.ts';
import type { SuitePlan } from '../core/plan.ts';
import { count } from '../core/report/plural.ts';

/** Renders a plan as a plain-text table. */
export function renderPlan(plans: readonly SuitePlan[], cacheDir: string | null): string {
  const rows = plans.map((p) => [
    p.name,
    p.kind,
    p.model,
    String(p.cases),
    String(p.repeats),
    String(p.calls),
    p.cachedCalls === null ? '—' : String(p.cachedCalls),
    p.inputTokens.toLocaleString('en-US'),
    `${p.outputTokens.toLocaleString('en-US')} (≤ ${p.outputTokensMax.toLocaleString('en-US')})`,
    p.cost === null ? 'unknown' : `$${p.cost.toFixed(4)}`,
  ]);
  const head = [
    'suite',
    'kind',
    'model',
    'cases',
    'repeats',
    'calls',
    'cached',
    'input tokens',
    'output tokens (max)',
    'cost',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i] as number))
      .join('  ')
      .trimEnd();
  const total = (f: (p: SuitePlan) => number): number => plans.reduce((n, p) => n + f(p), 0);
  const costs = plans.map((p) => p.cost);
  const out = [line(head), ...rows.map(line), ''];
  for (const p of plans)
    if (p.judges && p.judges.length > 0)
      out.push(`Judged by: ${p.name}: ${p.judges.map((j) => `${j.model} (provider ${j.name})`).join(', ')}`);
  if (plans.some((p) => p.judges && p.judges.length > 0)) out.push('');
  const toCall = total((p) => p.calls - (p.cachedCalls ?? 0));
  out.push(
    `Total: ${count(
      total((p) => p.calls),
      'call',
    )} (${toCall.toLocaleString('en-US')} not cached), about ${total((p) => p.inputTokens).toLocaleString('en-US')} input and ${count(
      total((p) => p.outputTokens),
      'output token',
    )} (o200k tokenizer; target replies estimated from the expected answers, judge replies counted at max-tokens).`,
  );
  for (const kind of kinds()) if (kind.planNote && plans.some((p) => p.kind === kind.name)) out.push(kind.planNote);
  if (costs.every((c) => c !== null))
    out.push(
      `Estimated cost: $${total((p) => p.cost ?? 0).toFixed(4)} (${[...new Set(plans.map((p) => p.pricingSource))].join(', ')}).`,
    );
  else out.push('Cost: unknown for some models; set providers.<name>.pricing in the config.');
  out.push(cacheDir === null ? 'Response cache: off.' : `Response cache: ${cacheDir}.`);
  out.push('No model was called.');
  return `${out.join('\n')}\n`;
}
