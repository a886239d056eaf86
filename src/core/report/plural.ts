/**
 * Plural forms by the language's CLDR rules (Intl.PluralRules), not `n === 1`: English has
 * `one` and `other`; Japanese has only `other`, so its messages use counters and never
 * inflect. Every count the report, the CLI and the kinds print in English goes through here.
 */

const rules = new Map<string, Intl.PluralRules>();

/** The plural category of `n` in `locale` (en: one or other; ja: always other). */
export function pluralCategory(locale: string, n: number): Intl.LDMLPluralRule {
  let rule = rules.get(locale);
  if (!rule) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  return rule.select(n);
}

/** The English form of a noun for `n`: "suite" for 1, "suites" otherwise. */
export function noun(n: number, one: string, other = `${one}s`): string {
  return pluralCategory('en', n) === 'one' ? one : other;
}

/** `n` with the English form of its noun: "1 suite", "3 suites", "1,024 calls". */
export function count(n: number, one: string, other = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${noun(n, one, other)}`;
}

/** A count already formatted for display ("1,024"), read back as the number it shows. */
export function shown(text: string): number {
  return Number(String(text).replace(/[^0-9.]/g, ''));
}
