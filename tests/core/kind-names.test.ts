// A suite kind is one folder: no file of src/ outside src/core/kinds/ may name a kind as a
// string literal (`kind === 'judged'`); such code must ask the kind through the registry.
// The check parses every file with the TypeScript compiler, so comments and prose inside
// longer strings do not count, and it is shown to catch the pattern it exists for.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { kindNames } from '../../src/core/kinds/index.ts';

const root = join(import.meta.dirname, '..', '..');
const src = join(root, 'src');
const kindsFolder = join(src, 'core', 'kinds') + sep;
// The built-in kinds, and the one being added (issue 21), which must arrive the same way.
const NAMES = new Set([...kindNames(), 'prompt']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** Every string literal of a source text whose whole value is a kind name, as `file:line "name"`. */
function kindLiterals(text: string, file: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && NAMES.has(node.text)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${file}:${line + 1} "${node.text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('kind names live only in src/core/kinds/', () => {
  it('finds a kind named in code, and not in comments or prose', () => {
    const text = [
      "// a comment naming 'judged' is fine",
      "const note = 'Grade a judged suite again';",
      "if (suite.kind === 'round-trip') run();",
      'const k = `exact-copy`;',
      "const c = { kind: 'prompt' };",
    ].join('\n');
    assert.deepEqual(kindLiterals(text, 'x.ts'), ['x.ts:3 "round-trip"', 'x.ts:4 "exact-copy"', 'x.ts:5 "prompt"']);
  });

  it('no file of src/ outside src/core/kinds/ contains a kind name as a string literal', () => {
    const files = sourceFiles(src).filter((f) => !f.startsWith(kindsFolder));
    assert.ok(files.length > 50, `expected the source tree, found ${files.length} files`);
    const found = files.flatMap((f) => kindLiterals(readFileSync(f, 'utf8'), relative(root, f)));
    assert.deepEqual(found, [], `ask the kind through src/core/kinds/index.ts instead:\n${found.join('\n')}`);
  });
});
