// Types of the local ESLint rule, for the tests that drive it through ESLint's API.
import type { Rule } from 'eslint';

declare const noImportCycle: Rule.RuleModule;
export default noImportCycle;
