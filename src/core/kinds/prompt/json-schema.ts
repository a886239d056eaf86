/**
 * ajv's compilers, in a module of their own: assertions.ts loads this one with import()
 * on the first schema. Importing ajv itself with import() does not work in the bundle —
 * ajv is CommonJS, and a split chunk of a CommonJS module exports only its `default`, so
 * `(await import('ajv')).Ajv` was undefined there and every json-schema assertion of the
 * CLI failed to compile. A static import here keeps the named exports.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';

/** Compiles a schema with ajv's draft-07 compiler, or its 2020-12 one (which also reads 2019-09). */
export function compileWithAjv(schema: object, draft2020: boolean): ValidateFunction {
  // `format` keywords are not checked (no format plugin is bundled); strict mode would
  // refuse them, so it is off and the docs say so.
  const options = { strict: false, validateFormats: false, allErrors: false, logger: false } as const;
  const ajv = draft2020 ? new Ajv2020(options) : new Ajv(options);
  return ajv.compile(schema);
}
