/**
 * The registry of suite kinds: the only place that lists them. The config schema, the
 * loader, the report, the plan and the trust checks ask it for a kind by name and use only
 * the SuiteKind interface. A kind defined elsewhere (a test's, a later one's) joins with
 * `registerKind` without editing any other file.
 */
import type { SuiteConfig } from '../config/common.ts';
import { configError } from '../errors.ts';
import type { RecordVisitor } from '../result-stream.ts';
import { recordFieldsProblem } from '../results.ts';
import type { CaseRecord, SuiteResult } from '../types.ts';
import type { ExactCopySuiteConfig } from './exact-copy/config.ts';
import { exactCopyKind } from './exact-copy/kind.ts';
import type { JudgedSuiteConfig } from './judged/config.ts';
import { judgedKind } from './judged/kind.ts';
import type { SuiteKind } from './kind.ts';
import type { PromptSuiteConfig } from './prompt/config.ts';
import { promptKind } from './prompt/kind.ts';
import type { RoundTripSuiteConfig } from './round-trip/config.ts';
import { roundTripKind } from './round-trip/kind.ts';

export type { SuiteKind } from './kind.ts';

/**
 * A suite entry of one of the built-in kinds, for code that knows which kind it holds
 * (tests, a kind's own folder); everything else sees SuiteConfig.
 */
export type BuiltinSuiteConfig = ExactCopySuiteConfig | JudgedSuiteConfig | RoundTripSuiteConfig | PromptSuiteConfig;

const registered = new Map<string, SuiteKind>();
let version = 0;

const KIND_NAME = /^[a-z][a-z0-9-]*$/;

/**
 * Adds a kind. Its name must be new, lower-case kebab-case, and the one its configSchema's
 * `kind` literal accepts. Returns a function that removes it again (for tests).
 */
export function registerKind<Config extends SuiteConfig, Detail>(kind: SuiteKind<Config, Detail>): () => void {
  if (!KIND_NAME.test(kind.name)) throw new Error(`suite kind name "${kind.name}" must be lower-case kebab-case`);
  if (registered.has(kind.name)) throw new Error(`suite kind "${kind.name}" is already registered`);
  const literal = kind.configSchema.shape['kind'];
  if (!literal || !literal.safeParse(kind.name).success)
    throw new Error(`suite kind "${kind.name}": its configSchema must have kind: z.literal("${kind.name}")`);
  registered.set(kind.name, kind as unknown as SuiteKind);
  version++;
  return () => {
    if (registered.get(kind.name) === (kind as unknown as SuiteKind)) {
      registered.delete(kind.name);
      version++;
    }
  };
}

registerKind(exactCopyKind);
registerKind(judgedKind);
registerKind(roundTripKind);
registerKind(promptKind);

/** Every registered kind, built-in ones first, in the order they were registered. */
export function kinds(): readonly SuiteKind[] {
  return [...registered.values()];
}

/** The names of the registered kinds (the valid `kind:` values). */
export function kindNames(): string[] {
  return [...registered.keys()];
}

/** A kind by name, if registered. */
export function findKind(name: string): SuiteKind | undefined {
  return registered.get(name);
}

/**
 * A kind by name. The config schema admits only registered kinds, so an unknown name here
 * is a result file or a caller out of step with this evalgate: an internal error.
 */
export function kindOf(name: string): SuiteKind {
  const kind = registered.get(name);
  if (!kind) throw new Error(`unknown suite kind "${name}"; this evalgate knows ${kindNames().join(', ')}`);
  return kind;
}

/** Changes whenever a kind is added or removed, so schemas built from the registry know when to rebuild. */
export function registryVersion(): number {
  return version;
}

/**
 * Checks a result file read back against its kind: the kind must be registered and every
 * record's `detail` must have the shape the kind's detailSchema describes (its report and
 * rejudge read it). Names the file, the record and the key otherwise.
 */
export function checkResultKind(result: SuiteResult, file: string): SuiteResult {
  const kind = resultKind(result, file);
  result.records.forEach((r, i) => {
    const problem = recordDetailProblem(kind, r, i);
    if (problem !== null) failKind(file, problem);
  });
  return result;
}

function failKind(file: string, what: string): never {
  throw configError(
    { file },
    `not an evalgate result file this version can read: ${what}. Produce one with "evalgate run --out DIR" or "--update-baseline"`,
  );
}

/** The result's kind; fails as checkResultKind does when it is not one this evalgate knows. */
function resultKind(result: SuiteResult, file: string): SuiteKind {
  const kind = typeof result.suite.kind === 'string' ? findKind(result.suite.kind) : undefined;
  if (!kind)
    return failKind(
      file,
      `suite.kind is ${JSON.stringify(result.suite.kind)}; this evalgate knows ${kindNames().join(', ')}`,
    );
  return kind;
}

/**
 * validateResult's and checkResultKind's checks of every record, made as the records are
 * first read (`visit`, a RecordVisitor), so a result whose records are left in their file
 * (or not kept) is not read again for them. The kind is the one the document's head names.
 */
export class RecordChecks {
  private started = false;
  private kind: SuiteKind | undefined;
  private headUnread = false;
  /** The first record that lacks caseId, inputHash or repeat (validateResult's message), or null. */
  fieldProblem: string | null = null;
  private detailProblem: string | null = null;
  readonly visit: RecordVisitor = (record, i, head) => {
    if (!this.started) {
      this.started = true;
      try {
        const name = (head() as { suite?: { kind?: unknown } } | null)?.suite?.kind;
        this.kind = typeof name === 'string' ? findKind(name) : undefined;
      } catch {
        // The document is parsed whole later, and fails there with its own message.
        this.headUnread = true;
      }
    }
    this.fieldProblem ??= recordFieldsProblem(record, i);
    if (this.fieldProblem === null && this.detailProblem === null && this.kind)
      this.detailProblem = recordDetailProblem(this.kind, record as CaseRecord, i);
  };
  /** Whether any record was seen. */
  get visited(): boolean {
    return this.started;
  }
  /**
   * checkResultKind's check of `result` (already through validateResult) from what the
   * records showed as they were read; null when they were checked against another kind than
   * the result's (its head did not parse, or a key given twice named another kind) — then
   * they must be checked again.
   */
  check(result: SuiteResult, file: string): SuiteResult | null {
    const kind = resultKind(result, file);
    if (this.started && (this.headUnread || kind !== this.kind)) return null;
    if (this.detailProblem !== null) failKind(file, this.detailProblem);
    return result;
  }
}

/** What is wrong with the i-th record's detail for its kind, or null (checkResultKind's check of one record). */
export function recordDetailProblem(kind: SuiteKind, record: CaseRecord, i: number): string | null {
  const detail = kind.detailSchema.safeParse(record.detail);
  if (detail.success) return null;
  const issue = detail.error.issues[0];
  const at = issue && issue.path.length > 0 ? `.${issue.path.map(String).join('.')}` : '';
  return `records[${i}] (case ${record.caseId}) detail${at}: ${issue?.message ?? 'invalid'} for a ${kind.name} record`;
}
