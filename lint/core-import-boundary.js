// ESLint rule: a module of the core imports, among the project's files, only the core itself
// and the port types (docs/design/architecture.md). Packages are checked separately, by the
// allowlist of pure libraries in eslint.config.js.
//
// Why our own rule and not eslint-plugin-import-x's no-restricted-paths: that plugin needs a
// native resolver with one optional package per platform, which the npm mirror this project
// builds with does not carry, so `npm ci` could not install from the lockfile. Checking where a
// relative specifier lands takes a path resolve, not a resolver.
import { dirname, relative, resolve, sep } from 'node:path';

export default {
  meta: {
    type: 'problem',
    docs: { description: 'core/ may import, among project files, only core/ and ports.ts.' },
    schema: [
      {
        type: 'object',
        properties: { core: { type: 'string' }, allowed: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      outside: 'core/ may import only core/ and ports.ts (docs/design/architecture.md); {{target}} is outside.',
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const root = context.cwd ?? process.cwd();
    const core = resolve(root, options.core ?? 'src/core');
    const allowed = new Set((options.allowed ?? ['src/ports.ts']).map((p) => resolve(root, p)));
    const file = resolve(context.physicalFilename);
    if (file !== core && !file.startsWith(core + sep)) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !(source.startsWith('./') || source.startsWith('../'))) return;
      const target = resolve(dirname(file), source);
      if (target === core || target.startsWith(core + sep) || allowed.has(target)) return;
      context.report({ node, messageId: 'outside', data: { target: relative(root, target) } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
