/**
 * What each kind calls the clusters its cases are grouped in, for the power figures
 * ("about 40 tasks would be needed"): a round trip's cases are the repeats and languages of
 * one task, every other kind says clusters. A kind's member once the kind registry exists.
 */
const NOUNS: Readonly<Record<string, 'tasks'>> = { 'round-trip': 'tasks' };

export function clusterNounOf(kind: string): 'clusters' | 'tasks' {
  return NOUNS[kind] ?? 'clusters';
}
