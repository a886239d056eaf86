/**
 * The two kinds of error (docs/design/architecture.md, house style 3). A ConfigError is the user's to fix and
 * says where and how; anything else is internal. A single case's failure is never an
 * exception: it is data on the case record.
 */

/** Where in a user's file a problem is. */
export interface SourceLocation {
  file: string;
  line?: number;
  /** The column on that line (1-based), when the parser knows it. */
  column?: number | undefined;
  /** The key path, e.g. `suites[2].kind`. */
  path?: string;
}

/** A problem in the user's configuration or input; the CLI exits 2 with its message. */
export class ConfigError extends Error {
  readonly location: SourceLocation;
  readonly problems: readonly string[];

  constructor(location: SourceLocation, message: string, problems?: readonly string[]) {
    super(message);
    this.name = 'ConfigError';
    this.location = location;
    this.problems = problems ?? [message];
  }
}

/** A provider's API key is not in the environment: the user's to fix, and on fork PRs expected. */
export class MissingKeyError extends ConfigError {
  readonly variable: string;

  constructor(location: SourceLocation, message: string, variable: string) {
    super(location, message);
    this.name = 'MissingKeyError';
    this.variable = variable;
  }
}

/** Formats a location as `file:line path:`, the prefix of every configuration message. */
export function formatLocation(location: SourceLocation): string {
  let text = location.file;
  if (location.line !== undefined) text += `:${location.line}`;
  if (location.path) text += ` ${location.path}`;
  return text;
}

/** A ConfigError with a single located message. */
export function configError(location: SourceLocation, message: string): ConfigError {
  return new ConfigError(location, `${formatLocation(location)}: ${message}`);
}

/** Formats a key path like zod's into `suites[2].kind`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${key}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text;
}
