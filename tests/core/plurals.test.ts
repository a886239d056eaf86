// Counts read right in English for one and for many ("1 suite", "All 3 suites pass", "The
// suite passes"), by Intl.PluralRules rather than `n === 1`, in the report's messages and
// every kind's. Japanese has no plural forms: its messages are the same for every count.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { judgedMessages } from '../../src/core/kinds/judged/messages.ts';
import { roundTripMessages } from '../../src/core/kinds/round-trip/messages.ts';
import { messagesFor } from '../../src/core/report/messages.ts';
import { count, noun, pluralCategory } from '../../src/core/report/plural.ts';

/** Every message function of a table (nested tables included), with its key path. */
function functionsOf(table: object, path = ''): [string, (...args: unknown[]) => unknown][] {
  return Object.entries(table).flatMap(([key, value]): [string, (...args: unknown[]) => unknown][] => {
    if (typeof value === 'function') return [[`${path}${key}`, value as (...args: unknown[]) => unknown]];
    if (value && typeof value === 'object') return functionsOf(value as object, `${path}${key}.`);
    return [];
  });
}

// A plural noun right after the number 1: "1 suites", "1 cases compared", "over 1 calls".
const ONE_PLURAL =
  /(?<![\d.,])1 (suites|cases|calls|tasks|clusters|units|errors|replies|answers|wins|ties|losses|scores|sections|lines|retries|walks|resamples|tokens|repeats|questions|paragraphs|responses|files)\b/;

const TABLES = {
  report: messagesFor('en'),
  judged: judgedMessages('en'),
  'round-trip': roundTripMessages('en'),
};

describe('plural forms', () => {
  it('follow CLDR: English one/other, Japanese only other', () => {
    assert.equal(pluralCategory('en', 1), 'one');
    assert.equal(pluralCategory('en', 0), 'other');
    assert.equal(pluralCategory('en', 2), 'other');
    assert.equal(pluralCategory('ja', 1), 'other');
    assert.equal(count(1, 'suite'), '1 suite');
    assert.equal(count(1024, 'call'), '1,024 calls');
    assert.equal(noun(1, 'reply', 'replies'), 'reply');
  });

  it('no English message says "1 suites" or "1 cases", whatever it is given', () => {
    for (const [name, table] of Object.entries(TABLES)) {
      for (const [key, f] of functionsOf(table)) {
        // Every argument 1: numbers where counts go, "1" where formatted text goes.
        // (A variant that gives a number where a unit name goes throws: it is skipped.)
        const args = key.startsWith('explain.')
          ? [
              '−5.0%',
              {
                minCases: 1,
                changed: 1,
                p: '1',
                pAdjusted: '1',
                family: 1,
                compared: 1,
                failed: 1,
                infrastructureOnly: false,
                total: 1,
                tolerance: '1',
                name: 's',
                stale: 'x',
              },
            ]
          : Array.from({ length: f.length }, (_, i) => (i % 2 === 0 ? 1 : '1'));
        let rendered = 0;
        const variants = key.startsWith('explain.') ? [args] : [args, args.map(() => 1), args.map(() => '1')];
        for (const variant of variants) {
          let text: string;
          try {
            text = String(f(...variant));
          } catch {
            continue;
          }
          rendered++;
          assert.doesNotMatch(text, ONE_PLURAL, `${name} ${key}: ${text}`);
        }
        assert.ok(rendered > 0, `${name} ${key} rendered no variant`);
      }
    }
  });

  it('reads naturally for one suite and for many', () => {
    const m = messagesFor('en');
    assert.equal(m.headline.pass(1, '−5.0%'), '**The suite passes**: no metric dropped beyond the allowed −5.0%.');
    assert.equal(m.headline.pass(3, '−5.0%'), '**All 3 suites pass**: no metric dropped beyond the allowed −5.0%.');
    assert.equal(m.headline.regression(1, 1, 'qa'), '**1 of 1 suite regressed** beyond the allowed drop: qa.');
    assert.equal(m.headline.noBaseline(1, 1), '**1 of 1 suite has no baseline yet**.');
    assert.equal(m.headline.noBaseline(2, 3), '**2 of 3 suites have no baseline yet**; the other passes.');
    assert.equal(m.compared(1, '', 0, 0), '1 case compared.');
    assert.equal(m.more.cliErrors(1), ' (1 error)');
    assert.match(m.powerLow(1, 'tasks', '30%', '95%', '5.0%', 1), /With 1 task .* about 1 task would be needed/);
    // Japanese uses counters, the same for one and many.
    const ja = messagesFor('ja');
    assert.equal(ja.headline.pass(1, '−5.0%').replace('1', 'N'), ja.headline.pass(3, '−5.0%').replace('3', 'N'));
  });
});
