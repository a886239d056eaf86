// ESLint rule: no module of the linted tree sits on an import cycle, counting type-only imports.
//
// import-x/no-cycle skips `import type` edges by design (they vanish at run time), but a cycle
// through types still ties modules together: neither can be read, moved or given to another
// kind without the other. This rule follows every static edge (import, import type,
// export … from, import()) between files of the project, found with TypeScript's own
// pre-processor, and reports the first cycle through the file being linted, naming each hop.
import { readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

/** path → { mtimeMs, imports } for every file read during one lint run. */
const cache = new Map();

function importsOf(file, text) {
  if (text !== undefined) return importsIn(file, text);
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.imports;
  const imports = importsIn(file, readFileSync(file, 'utf8'));
  cache.set(file, { mtimeMs, imports });
  return imports;
}

/** Project files `text` (the source of `file`) imports, as absolute paths. */
function importsIn(file, text) {
  const info = ts.preProcessFile(text, true, true);
  const imports = [];
  for (const { fileName } of info.importedFiles) {
    if (!fileName.startsWith('./') && !fileName.startsWith('../')) continue; // packages are leaves
    const target = resolve(dirname(file), fileName);
    if (/\.(ts|js|mjs)$/.test(target)) imports.push(target);
  }
  return imports;
}

/** Shortest path of imports from `start` (whose source is `text`, as being linted) back to it, or undefined. */
function cycleThrough(start, text) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file, file === start ? text : undefined)) {
      if (next === start) {
        const path = [file];
        for (let at = previous.get(file); at !== undefined; at = previous.get(at)) path.unshift(at);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between project files, type-only imports included.' },
    schema: [],
    messages: {
      cycle:
        'Import cycle: {{path}}. Move the shared declarations into a module both can import (e.g. a leaf types module).',
    },
  },
  create(context) {
    const file = resolve(context.physicalFilename);
    return {
      Program(node) {
        const cycle = cycleThrough(file, context.sourceCode.text);
        if (!cycle) return;
        const root = context.cwd ?? process.cwd();
        context.report({ node, messageId: 'cycle', data: { path: cycle.map((f) => relative(root, f)).join(' → ') } });
      },
    };
  },
};
