/**
 * A YAML document as plain values, with an alias bomb refused as a located message: each
 * alias (`*name`) repeats a whole anchored value, so a few lines of nested aliases can
 * expand to billions of nodes. yaml stops at a count of alias expansions; we say where.
 */
import { visit, type Document, type LineCounter } from 'yaml';
import { ConfigError } from '../errors.ts';

/** Alias expansions a document may make before it is refused (yaml's default). */
export const MAX_ALIAS_COUNT = 100;

/** The document's value; a ConfigError at the first alias when the aliases expand too far. */
export function documentValue(doc: Document, lineCounter: LineCounter, file: string): unknown {
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
