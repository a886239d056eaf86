/**
 * The ports between the pure core and the edges (docs/design/architecture.md). Interfaces only: the
 * core depends on these shapes, adapters implement them, tests use real local servers.
 */

/** One chat message, sent as is. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A request for one completion. */
export interface ModelRequest {
  messages: readonly ChatMessage[];
  /** Null: not sent, the server's default applies (reasoning models accept only their default). */
  temperature: number | null;
  seed: number | null;
  maxTokens: number;
  /** Which repeat of a case this is: part of the cache key, never sent. */
  repeat: number;
  /**
   * Tells apart calls of one case × repeat that may send identical messages (the cycles
   * of a round trip): part of the cache key, never sent.
   */
  callKey?: string;
  /** Ask for a JSON object matching this schema (structured output), when the caller needs it. */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
}

/** Token counts reported by the provider. */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  /** Of the output tokens, those spent on hidden reasoning, when the server reports them. */
  reasoningTokens?: number;
}

/** What a provider failure looked like; never a score. */
export interface CallError {
  /**
   * `http` (a status), `network` (no response), `timeout`, `malformed` (unreadable body), `config`,
   * `rate-limit` (the provider asked for a wait longer than the retry time left), `budget` (the
   * run's call or cost budget is spent: the call was not made).
   */
  kind:
    | 'http'
    | 'network'
    | 'timeout'
    | 'malformed'
    | 'config'
    | 'unparsable'
    | 'judge-refused'
    | 'sandbox'
    | 'rate-limit'
    | 'budget';
  message: string;
  httpStatus?: number;
  /** How long the provider asked us to wait (Retry-After / retry-after-ms), in ms. */
  retryAfterMs?: number;
  /**
   * Who caused it (docs/design/spec.md §1, "Errors by cause"), set where the error arises:
   * `candidate` — what is tested made it (a request refused for its content or length, a reply
   * cut or unusable, a judge that refused or gave no verdict on the answer, a check that raised
   * on it): the case counts as a failure; `infrastructure` — the machinery (5xx, 429, network,
   * timeouts, auth): excluded, and the verdict must hold with it counted as a failure.
   * Absent on errors written before causes were recorded: core/error-cause.ts derives it.
   */
  cause?: ErrorCause;
  /** A short code for why, one of ERROR_REASONS' (core/error-cause.ts). */
  reason?: string;
}

/** Who caused an error: the tested prompt and model's output, or the machinery around it. */
export type ErrorCause = 'candidate' | 'infrastructure';

/** How a reply was obtained: attempts made, and whether it came from the cache. */
export interface CallTrace {
  attempts: number;
  cached: boolean;
}

/** The outcome of one call: a reply, a refusal, or an error — all data. */
export type ModelReply = (
  | {
      status: 'ok';
      text: string;
      usage: TokenUsage | null;
      latencyMs: number;
      servedModel: string | null;
      fingerprint: string | null;
      /** `length` when the token limit cut the reply; `size-limit` when evalgate cut an oversized one. */
      finishReason: string | null;
      /** Reasoning the model showed (a leading <think> block, `reasoning_content`), removed from `text`. */
      reasoning?: string;
      /** Characters of the reply before evalgate cut it to the size limit, when it did. */
      cutFromChars?: number;
    }
  | { status: 'refused'; message: string; latencyMs: number; servedModel: string | null }
  | { status: 'error'; error: CallError; latencyMs: number }
) & { trace?: CallTrace };

/** A model endpoint. Implementations never throw for a failed call: they return status `error`. */
export interface ModelClient {
  /** A description safe to show (endpoint host and model; never a key). */
  readonly label: string;
  complete(request: ModelRequest): Promise<ModelReply>;
}

/**
 * Where a path a config names really is. Paths are confined to the repository: an
 * absolute path, a `..` that climbs out, or a symlink whose target lies outside is
 * `refused`, and nothing there is ever read.
 */
export type Located =
  | {
      status: 'ok';
      kind: 'file' | 'folder';
      /** The path as written, relative to the repository root ('/'-separated). */
      lexical: string;
      /** The path with every symlink followed, relative to the repository root. */
      real: string;
    }
  | { status: 'missing' }
  | { status: 'refused'; reason: string };

/**
 * Read access to the user's workspace (templates, datasets), relative to the config file
 * and confined to the repository: reading anything outside throws a ConfigError.
 */
export interface Workspace {
  /** The exact bytes of a file; throws if absent or outside the repository. */
  readBytes(path: string): Promise<Uint8Array>;
  /** A file's bytes in chunks (datasets: never the whole file at once); throws as readBytes. */
  readStream(path: string): Promise<AsyncIterable<Uint8Array>>;
  /**
   * Up to `length` bytes of a file from byte `offset` (fewer when the file is shorter now);
   * throws as readBytes. A run reads its dataset's rows back with it while it calls, so no
   * case's text is held longer than its calls. Optional: without it, cases are kept.
   */
  readRange?(path: string, offset: number, length: number): Promise<Uint8Array>;
  exists(path: string): Promise<boolean>;
  /** The names of the folders directly inside a folder, sorted; null when it is not a folder. */
  listFolders(path: string): Promise<string[] | null>;
  /** Where a path is, without reading it. */
  locate(path: string): Promise<Located>;
}

/**
 * Authenticates what is stored between runs (cache entries, record logs) with a key only a
 * run holding the secret can derive, so nothing committed to a repository can stand in for
 * a model call.
 */
export interface Authenticator {
  /** A MAC of the text, hex. */
  tag(text: string): string;
}

/** Where results go while a suite runs and when it ends. */
export interface ResultSink {
  /** Appends one finished record; must be durable before it resolves. */
  append(record: unknown): Promise<void>;
  /**
   * Waits for every append and releases the sink when the suite ends (a file kept open
   * for appending); called once.
   */
  close?(): Promise<void>;
  /**
   * What was appended, read back through the handle it was appended through (a file on
   * disk): nothing put in the file's place since it was opened is read. Asked for before
   * `close`, which then leaves the file open for this reader until it is no longer used.
   */
  readBack?(): RangeFile;
}

/** Progress and warnings for people; never part of a result. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
}

/** Time, injected so the core stays deterministic under test. */
export interface Clock {
  /** Wall-clock time as an ISO string. */
  nowIso(): string;
  /** A monotonic millisecond counter. */
  monotonicMs(): number;
}

/**
 * A file's lines read from its source each time they are iterated (never held together),
 * so a reader can go through them again (a result file in another layout is read whole).
 */
export interface LineSource extends AsyncIterable<string> {
  readonly rereadable: true;
  /** The same file with byte offsets, when its parts can be read again by offset (a file on disk). */
  readonly ranges?: RangeFile;
}

/** One line of a file and where it is: bytes `start` to `end` (the newline and a CR before it excluded). */
export interface LineAt {
  text: string;
  start: number;
  end: number;
}

/**
 * A file read once in order, line by line with byte offsets, whose byte ranges can then be
 * read again (synchronously, from the handle opened for the first reading, so a file
 * replaced by another is still the one read). A stored result keeps where each record is
 * instead of the record (core/stored-records.ts).
 */
export interface RangeFile {
  /** The file's name, for errors. */
  readonly path: string;
  /** The file's lines, in batches (up to a block read at once): an item per line costs more than the line. */
  lines(): AsyncIterable<readonly LineAt[]>;
  /** The text of bytes `start` to `end`; throws when the file no longer holds them. */
  read(start: number, end: number): string;
  /**
   * Reads up to `length` bytes from byte `position` into `into` at `offset` (through the
   * same handle); how many were read, 0 at the file's end.
   */
  readBytes(into: Uint8Array, offset: number, length: number, position: number): number;
  /** The file's size now, in bytes. */
  size(): number;
  /**
   * What identifies the file the handle reads and its state (device, inode, size, change
   * times), opening it if it is not open yet: equal twice when nothing wrote to it or put
   * another file in its place between the two.
   */
  identity?(): string;
}

/** Where a run's files go and where baselines live. */
export interface RunStore {
  /**
   * The record log a previous run into the same output left, if any: its text, or its lines
   * (held, or read from disk as they are checked, so a large log is never held whole).
   */
  readRecordLog(suite: string): Promise<string | readonly string[] | LineSource | null>;
  /** Replaces the record log with `initial` (atomically; pieces written in turn) and returns a sink appending to it. */
  startRecordLog(suite: string, initial: string | Iterable<string>): Promise<ResultSink>;
  /** Writes a result file atomically; chunks are written in turn, so no string holds the whole file. */
  writeResult(suite: string, text: string | Iterable<string>): Promise<void>;
  /**
   * The result file writeResult wrote, as lines read from disk (a store that can give them):
   * a run compares and reports from the file, its records left there (core/stored-records.ts).
   */
  readResult?(suite: string): Promise<LineSource | null>;
  /**
   * A baseline's text, or its lines: held, or read from disk as they are parsed (files too
   * large for one string, and baselines whose lines together would take more memory than
   * their records).
   */
  readBaseline(suite: string): Promise<string | readonly string[] | LineSource | null>;
  /**
   * A step after a suite's calls is over and what it made is garbage; the next (a baseline
   * read again, the comparison) makes large structures. A store on a heap that can give
   * memory back does so here (adapters/heap-growth.ts); optional.
   */
  betweenSteps?(): void;
  writeBaseline(suite: string, text: string | Iterable<string>): Promise<void>;
  writeReport(markdown: string): Promise<void>;
  /** report.html, the self-contained page of the run; pieces are written in turn, so no string holds the page. */
  writeHtmlReport(html: string | Iterable<string>): Promise<void>;
  writeSummary(text: string): Promise<void>;
  /** junit.xml: the run for CI test reporters; pieces are written in turn. */
  writeJunit(xml: string | Iterable<string>): Promise<void>;
  /** Where things were written, for messages. */
  describe(): { out: string; baselines: string };
}

/** Code a model wrote, and the task's tests to run on it. */
export interface CodeRunRequest {
  solution: string;
  /**
   * Readings of the model's reply to choose from: the runner uses the first that compiles
   * (before any of it runs), else `solution`. Absent: `solution` as is.
   */
  candidates?: readonly string[];
  tests: string;
  /** The module name the tests import the code as (default `solution`). */
  solutionModule?: string;
  testModule?: string;
}

/**
 * How a code run ended; every stage but `passed` is the model's failure, never the
 * machinery's. `tampering`: the code changed or reached for what grading relies on.
 */
export type CodeRunStage =
  'passed' | 'test-failure' | 'syntax-error' | 'timeout' | 'sandbox-violation' | 'tampering' | 'declared-unable';

/** The outcome of running the tests on model code. */
export interface CodeRunResult {
  stage: CodeRunStage;
  message: string;
  tests: { name: string; outcome: 'passed' | 'failed' | 'declared-unable'; message: string }[];
  /** What the code printed (capped). */
  output: string;
  durationMs: number;
  /** Which of the request's candidates was run (its index), or -1 for `solution`. */
  chosen?: number;
}

/** Which layers of isolation a runner has on this machine, and why the others are missing. */
export interface SandboxLayerReport {
  active: string[];
  missing: { layer: string; why: string }[];
}

/** A python check's result on one reply: its value (frozen, as the harness reads it), or how the call failed. */
export type CheckCall =
  /** The check returned; `value` is its exact builtin value (`{ int }`, `{ float }`, a bool, …). */
  | { kind: 'value'; value: unknown; output: string }
  /** The check raised, hung, or misbehaved on this reply: a failure of the case. */
  | { kind: 'failed'; stage: CodeRunStage; message: string }
  /** The check file itself cannot be used (it does not compile, its import raises, it has no check()). */
  | { kind: 'unusable'; message: string };

/** One python check, loaded once and called on many replies, each call isolated and bounded in time. */
export interface CheckSession {
  call(output: string, vars: Readonly<Record<string, string>>): Promise<CheckCall>;
  close(): Promise<void>;
}

/** Runs model-written code with the task's tests, isolated from our secrets and files. */
export interface CodeRunner {
  readonly name: string;
  /** Whether the executor protects secrets and files; false is named in every report. */
  readonly isolated: boolean;
  run(request: CodeRunRequest): Promise<CodeRunResult>;
  /** Loads a python check (a module defining `check(output, vars)`) to call on many replies. */
  checks?(source: string, moduleName?: string): CheckSession;
  /** The layers of isolation on this machine (null until they are known, or for an executor without any). */
  layers?(): SandboxLayerReport | null;
  close(): Promise<void>;
}
