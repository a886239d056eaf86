/**
 * The evalgate.yml every `evalgate init` example starts from: one target provider (and the
 * kind's judges), the kind's suite entry with an absolute floor, a comment saying how many
 * cases the paired gate needs, and the default gate written out so a newcomer sees where
 * to tune it.
 */
import { mdeFactor } from '../compare/decide.ts';

/** The gate the starter writes (the defaults): the sizing sentence is computed for it. */
const STARTER_GATE = { confidence: 0.95, maxDrop: 0.05 } as const;

/**
 * How much a case's score moves between two versions, relative to the metric's mean (the
 * SD of a paired per-unit change divided by the mean), and in words what that assumes.
 */
export interface Spread {
  relativeSd: number;
  assumption: string;
}

/**
 * A binary metric passing at `passRate` where a share `discordant` of cases changes
 * outcome between two versions: the per-case change has variance ≈ `discordant`, so its
 * SD relative to the mean is √discordant / passRate.
 */
export function binarySpread(passRate: number, discordant: number, what: string): Spread {
  return {
    relativeSd: Math.sqrt(discordant) / passRate,
    assumption: `${Math.round(passRate * 100)}% of cases pass and ${Math.round(discordant * 100)}% change outcome between two versions (${what})`,
  };
}

/** One starter suite: its entry, the floor it sets, and what its sizing sentence assumes. */
export interface StarterSuite {
  /** The entry as YAML lines indented as a `suites:` item, without a gate. */
  entry: string;
  /** An absolute floor (gate.min) on one of the suite's metrics, with a short comment. */
  floor: { metric: string; min: number; comment: string };
  /** The resampled units the starter has, and what they are called. */
  units: { count: number; noun: 'cases' | 'tasks' };
  spread: Spread;
  /** Providers besides `target` (judges), as YAML lines indented under `providers:`. */
  providers?: string;
}

/** What the paired gate can see with `count` units and how many it needs for the gate's drop. */
export function starterSizing(count: number, spread: Spread): { mde: number; needed: number } {
  const factor = mdeFactor(STARTER_GATE.confidence);
  return {
    mde: (factor * spread.relativeSd) / Math.sqrt(count),
    needed: Math.ceil(((factor * spread.relativeSd) / STARTER_GATE.maxDrop) ** 2),
  };
}

/** Two significant digits: "about 590", not a precision the assumption does not have. */
function about(n: number): string {
  const digits = Math.max(0, Math.floor(Math.log10(n)) - 1);
  return (Math.round(n / 10 ** digits) * 10 ** digits).toLocaleString('en-US');
}

/** Words wrapped into YAML comment lines at `indent`. */
function comment(text: string, indent: string, width = 92): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && indent.length + 2 + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines.map((l) => `${indent}# ${l}\n`).join('');
}

/** The sizing sentence of a starter suite (also shown by tests and docs). */
export function sizingSentence(suite: StarterSuite): string {
  const { mde, needed } = starterSizing(suite.units.count, suite.spread);
  const level = `${Math.round(STARTER_GATE.confidence * 100)}%`;
  const drop = `${Math.round(STARTER_GATE.maxDrop * 100)}%`;
  return `How many ${suite.units.noun} the gate needs: if ${suite.spread.assumption}, these ${suite.units.count} ${suite.units.noun} let the paired gate see a drop of about ${Math.round(mde * 100)}% (80% power, its two-sided ${level} test), and a ${drop} drop only from about ${about(needed)} ${suite.units.noun}. Smaller drops come out "inconclusive", which passes, so the floor below fails the check on its own. Every report states the figure for your own data; "evalgate noise" measures how much your model varies.`;
}

/** A starter config around one suite. */
export function starterConfig(suite: StarterSuite): string {
  return `# yaml-language-server: $schema=./node_modules/evalgate/evalgate.schema.json
# evalgate configuration (npm i -D evalgate). Reference: the evalgate README and its docs/.
version: 1
providers:
  target:
    model: gpt-4o-mini
    api-key-env: OPENAI_API_KEY   # the NAME of the variable that holds the key
    temperature: 0
    seed: 7
${suite.providers ?? ''}suites:
${suite.entry}${comment(sizingSentence(suite), '    ')}    gate:
      min:                        # absolute floors: below one, the check fails, baseline or not
        ${suite.floor.metric}: ${suite.floor.min}   # ${suite.floor.comment}
gate:
  max-drop: ${STARTER_GATE.maxDrop}
  confidence: ${STARTER_GATE.confidence}
`;
}
