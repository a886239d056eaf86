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

/** One located problem, as data: where it is and what to do; formatted only when printed. */
export interface ConfigProblem extends SourceLocation {
  /** What is wrong and what would fix it, without the location. */
  message: string;
}

/** A problem as printed: `file:line path: message`. */
export function formatProblem(problem: ConfigProblem): string {
  return `${formatLocation(problem)}: ${problem.message}`;
}

/** A problem in the user's configuration or input; the CLI exits 2 with its message. */
export class ConfigError extends Error {
  readonly location: SourceLocation;
  /** Every problem as printed, one per entry. */
  readonly problems: readonly string[];
  /**
   * The same problems as data, when the thrower located them; null when the message was
   * written whole (command-line and file-system errors that have no key path).
   */
  readonly diagnostics: readonly ConfigProblem[] | null;

  constructor(
    location: SourceLocation,
    message: string,
    problems?: readonly string[],
    diagnostics?: readonly ConfigProblem[],
  ) {
    super(message);
    this.name = 'ConfigError';
    this.location = location;
    this.problems = problems ?? [message];
    this.diagnostics = diagnostics ?? null;
  }

  /** One error for located problems (at least one): located at the first, printed one per line. */
  static of(problems: readonly ConfigProblem[]): ConfigError {
    const first = problems[0] as ConfigProblem;
    const printed = problems.map(formatProblem);
    const { message: _message, ...location } = first;
    return new ConfigError(location, printed.join('\n'), printed, problems);
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
  return ConfigError.of([{ ...location, message }]);
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
