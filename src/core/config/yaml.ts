/**
 * A YAML document as plain values, with an alias bomb refused as a located message: each
 * alias (`*name`) repeats a whole anchored value, so a few lines of nested aliases can
 * expand to billions of nodes. yaml stops at a count of alias expansions; we say where.
 * A `__proto__` key is refused too: as a plain object's key it would not be a value at all
 * (it sets or drops the object's prototype), so a floor named `__proto__` would vanish
 * without a word instead of being checked.
 */
import { isScalar, visit, type Document, type LineCounter } from 'yaml';
import { ConfigError } from '../errors.ts';

/** Alias expansions a document may make before it is refused (yaml's default). */
export const MAX_ALIAS_COUNT = 100;

/** The document's value; a ConfigError at the first alias when the aliases expand too far. */
export function documentValue(doc: Document, lineCounter: LineCounter, file: string): unknown {
  refuseProtoKeys(doc, lineCounter, file);
  try {
    return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    let offset: number | undefined;
    visit(doc, {
      Alias: (_key, node) => {
        offset = node.range?.[0];
        return visit.BREAK;
      },
    });
    const line = offset === undefined ? undefined : lineCounter.linePos(offset).line;
    throw ConfigError.of([
      {
        file,
        ...(line !== undefined ? { line } : {}),
        message: `YAML aliases expand too far (${error instanceof Error ? error.message : String(error)}): each alias (*name) repeats a whole anchored value, and these make more than ${MAX_ALIAS_COUNT} copies. Write the values out instead of nesting aliases`,
      },
    ]);
  }
}

/** A ConfigError at the first `__proto__` key: it names no setting and would be lost. */
function refuseProtoKeys(doc: Document, lineCounter: LineCounter, file: string): void {
  let offset: number | undefined;
  visit(doc, {
    Pair: (_key, pair) => {
      if (isScalar(pair.key) && pair.key.value === '__proto__') {
        offset = pair.key.range?.[0];
        return visit.BREAK;
      }
      return undefined;
    },
  });
  if (offset === undefined) return;
  const line = lineCounter.linePos(offset).line;
  throw ConfigError.of([
    {
      file,
      line,
      message:
        'the key "__proto__" is not allowed: it names no setting, and as an object key it would be dropped rather than read. Remove it, or name the setting or metric you meant',
    },
  ]);
}
