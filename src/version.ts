/** evalgate's version; a test keeps it equal to package.json's. */
export const TOOL_VERSION = '0.1.0';

/**
 * Whether the CLI's first argument asks for the version. Here, beside the version, so the
 * CLI's entry can answer without loading the argument parser and the engine behind it.
 */
export function isVersionRequest(first: string | undefined): boolean {
  return first === '--version' || first === '-v' || first === '-V' || first === 'version';
}
