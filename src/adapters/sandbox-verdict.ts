/**
 * Grading outside the process that ran model code (docs/design/sandbox.md, "Where the verdict
 * is made"). A trusted preparer — a sandbox process that never runs model code — turns a
 * task's tests into a plan: every top-level `assert` of a test becomes a numbered check,
 * and where one side of it is a literal (`== 42`, `is None`, `type(x) is int`) the
 * expected value stays here and the test the child runs yields only the other side. The
 * child reports plain data — for each check the values it produced — and this module
 * validates that report strictly and judges it. A report that does not fit the plan is
 * the case's failure (stage `tampering`), never an error of the run.
 */
import type { CodeRunResult, CodeRunStage } from '../ports.ts';

/** A Python value as the harness freezes it: exact builtin types only, anything else opaque. */
export type Frozen =
  | null
  | boolean
  | string
  | { int: string }
  | { float: string }
  | { list: Frozen[] }
  | { tuple: Frozen[] }
  | { dict: [Frozen, Frozen][] }
  | { set: Frozen[] }
  | { opaque: string };

/** What a check compares. */
export type CheckOp =
  'eq' | 'ne' | 'in' | 'notin' | 'true' | 'false' | 'none' | 'notnone' | 'nottrue' | 'notfalse' | 'type' | 'nottype';

/** Where an operand of a check comes from: a literal kept here, or the child. */
export type Slot = { lit: Frozen } | { child: true };

export interface PlannedCheck {
  op: CheckOp;
  line: number;
  slots: Slot[];
  /** `type` and `nottype`: the builtin type's name. */
  typeName?: string;
}

export interface TestPlan {
  name: string;
  checks: PlannedCheck[];
}

/** The preparer's answer for one task's tests. */
export interface Plan {
  tests: TestPlan[];
  /** The tests as the child runs them (marshalled code objects, base64); literals removed. */
  code: string;
}

const OPS: readonly CheckOp[] = [
  'eq',
  'ne',
  'in',
  'notin',
  'true',
  'false',
  'none',
  'notnone',
  'nottrue',
  'notfalse',
  'type',
  'nottype',
];
const TYPE_NAMES = ['int', 'float', 'str', 'bool', 'list', 'tuple', 'dict'];
const MAX_NODES = 200_000;
const MAX_DEPTH = 64;

class Malformed extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const onlyKeys = (v: Record<string, unknown>, keys: readonly string[]): boolean =>
  Object.keys(v).every((k) => keys.includes(k));

/** Checks that a value is a frozen value (and not too large), or throws Malformed. */
function checkFrozen(v: unknown, budget: { nodes: number }, depth = 0): Frozen {
  if (--budget.nodes < 0) throw new Malformed('a value is too large');
  if (depth > MAX_DEPTH) throw new Malformed('a value is nested too deeply');
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return v;
  if (!isObject(v)) throw new Malformed('a value is not a frozen value');
  const keys = Object.keys(v);
  if (keys.length !== 1) throw new Malformed('a value is not a frozen value');
  const key = keys[0] as string;
  const inner = v[key];
  switch (key) {
    case 'int':
      if (typeof inner !== 'string' || !/^-?\d{1,5000}$/.test(inner)) throw new Malformed('an int is not a number');
      return { int: inner };
    case 'float':
      if (typeof inner !== 'string' || !/^(-?inf|nan|-?\d[\d.e+-]*)$/.test(inner))
        throw new Malformed('a float is not a number');
      return { float: inner };
    case 'opaque':
      if (typeof inner !== 'string') throw new Malformed('an opaque value has no name');
      return { opaque: inner.slice(0, 200) };
    case 'list':
    case 'tuple':
    case 'set':
      if (!Array.isArray(inner)) throw new Malformed(`a ${key} is not a list`);
      return { [key]: inner.map((x) => checkFrozen(x, budget, depth + 1)) } as Frozen;
    case 'dict':
      if (!Array.isArray(inner)) throw new Malformed('a dict is not a list of pairs');
      return {
        dict: inner.map((pair) => {
          if (!Array.isArray(pair) || pair.length !== 2) throw new Malformed('a dict entry is not a pair');
          return [checkFrozen(pair[0], budget, depth + 1), checkFrozen(pair[1], budget, depth + 1)] as [Frozen, Frozen];
        }),
      };
    default:
      throw new Malformed('a value is not a frozen value');
  }
}

/** Validates the preparer's plan (from a trusted process; checked all the same). */
export function parsePlan(text: string): Plan | { error: string } {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { error: 'the preparer answered something that is not JSON' };
  }
  if (isObject(v) && typeof v['error'] === 'string') return { error: v['error'] };
  try {
    if (!isObject(v) || !Array.isArray(v['tests']) || typeof v['code'] !== 'string') throw new Malformed('no plan');
    const budget = { nodes: MAX_NODES };
    const tests = v['tests'].map((t): TestPlan => {
      if (!isObject(t) || typeof t['name'] !== 'string' || !Array.isArray(t['checks'])) throw new Malformed('a test');
      return {
        name: t['name'],
        checks: t['checks'].map((c): PlannedCheck => {
          if (!isObject(c) || !OPS.includes(c['op'] as CheckOp) || typeof c['line'] !== 'number')
            throw new Malformed('a check');
          if (!Array.isArray(c['slots']) || c['slots'].length < 1 || c['slots'].length > 2)
            throw new Malformed('a check');
          const slots = c['slots'].map((s): Slot => {
            if (isObject(s) && s['child'] === true) return { child: true };
            if (isObject(s) && 'lit' in s) return { lit: checkFrozen(s['lit'], budget) };
            throw new Malformed('a slot');
          });
          const typeName = c['typeName'];
          if ((c['op'] === 'type' || c['op'] === 'nottype') && !TYPE_NAMES.includes(typeName as string))
            throw new Malformed('a type check');
          return {
            op: c['op'] as CheckOp,
            line: c['line'],
            slots,
            ...(typeof typeName === 'string' ? { typeName } : {}),
          };
        }),
      };
    });
    return { tests, code: v['code'] };
  } catch (error) {
    return { error: `the preparer's plan is malformed (${(error as Error).message})` };
  }
}

/** How many values the child yields for a check. */
export const childSlots = (c: PlannedCheck): number => c.slots.filter((s) => 'child' in s).length;

// ---------------------------------------------------------------------------------------
// Comparing frozen values: lists as arrays, tuples and opaque objects tagged, dicts as
// Maps, sets as Sets, ints as numbers (BigInt when large). An opaque value (the model's
// class, a subclass of a builtin, an object with its own __eq__) equals nothing.

type Thawed =
  | null
  | boolean
  | string
  | number
  | bigint
  | Thawed[]
  | Map<unknown, Thawed>
  | Set<unknown>
  | { kind: string; items: Thawed[] | symbol };

function intOf(text: string): number | bigint {
  const big = BigInt(text);
  return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
}

/** Keys of Maps and members of Sets: primitives as they are, anything else a string that equals only itself. */
const keyOf = (v: Thawed): unknown => (v === null || typeof v !== 'object' ? v : `#${show(v)}`);

function thaw(v: Frozen): Thawed {
  if (v === null || typeof v !== 'object') return v;
  if ('int' in v) return intOf(v.int);
  if ('float' in v)
    return v.float === 'nan' ? NaN : v.float === 'inf' ? Infinity : v.float === '-inf' ? -Infinity : Number(v.float);
  if ('list' in v) return v.list.map(thaw);
  if ('tuple' in v) return { kind: 'tuple', items: v.tuple.map(thaw) };
  if ('dict' in v) return new Map(v.dict.map(([k, x]) => [keyOf(thaw(k)), thaw(x)]));
  if ('set' in v) return new Set(v.set.map((x) => keyOf(thaw(x))));
  return { kind: `opaque:${v.opaque}`, items: Symbol('opaque') };
}

/** Strict equality of thawed values: same kind, same content; NaN never equals. */
function same(a: Thawed, b: Thawed): boolean {
  if (typeof a === 'bigint' || typeof b === 'bigint') return typeof a === typeof b && a === b;
  if (typeof a !== typeof b) return false;
  if (a === null || typeof a !== 'object') return a === b;
  if (b === null || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a))
    return a.length === (b as Thawed[]).length && a.every((x, i) => same(x, (b as Thawed[])[i] as Thawed));
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map && b instanceof Map) || a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !same(v, b.get(k) as Thawed)) return false;
    return true;
  }
  if (a instanceof Set || b instanceof Set) {
    if (!(a instanceof Set && b instanceof Set) || a.size !== b.size) return false;
    for (const x of a) if (!b.has(x)) return false;
    return true;
  }
  const ta = a as { kind: string; items: Thawed[] | symbol };
  const tb = b as { kind: string; items: Thawed[] | symbol };
  if (ta.kind !== tb.kind || typeof ta.items === 'symbol' || typeof tb.items === 'symbol') return false;
  return same(ta.items, tb.items);
}

function show(v: Thawed): string {
  if (v === null) return 'None';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'bigint') return `${v}`;
  if (typeof v === 'number')
    return Number.isNaN(v) ? 'nan' : v === Infinity ? 'inf' : v === -Infinity ? '-inf' : String(v);
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (Array.isArray(v)) return `[${v.map(show).join(', ')}]`;
  if (v instanceof Map) return `{${[...v].map(([k, x]) => `${showKey(k)}: ${show(x)}`).join(', ')}}`;
  if (v instanceof Set) return `{${[...v].map(showKey).join(', ')}}`;
  if (v.kind === 'tuple' && Array.isArray(v.items)) return `(${v.items.map(show).join(', ')})`;
  return `<${v.kind.replace('opaque:', '')} object>`;
}
const showKey = (k: unknown): string => (typeof k === 'string' && k.startsWith('#') ? k.slice(1) : show(k as Thawed));

/** The Python type name of a frozen value, when it is an exact builtin. */
function typeNameOf(v: Frozen): string {
  if (v === null) return 'NoneType';
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'string') return 'str';
  if ('int' in v) return 'int';
  if ('float' in v) return 'float';
  if ('list' in v) return 'list';
  if ('tuple' in v) return 'tuple';
  if ('dict' in v) return 'dict';
  if ('set' in v) return 'set or frozenset';
  return v.opaque;
}

function contains(a: Thawed, b: Thawed): boolean {
  if (Array.isArray(b)) return b.some((x) => same(a, x));
  if (typeof b === 'string') return typeof a === 'string' && b.includes(a);
  if (b instanceof Map || b instanceof Set) return b.has(keyOf(a));
  if (b !== null && typeof b === 'object' && b.kind === 'tuple' && Array.isArray(b.items))
    return b.items.some((x) => same(a, x));
  return false;
}

/** Judges one check with its operands (literals and the child's values, in slot order). */
export function judgeCheck(check: PlannedCheck, frozen: Frozen[]): { ok: boolean; text: string } {
  const [fa, fb] = frozen as [Frozen, Frozen | undefined];
  const a = thaw(fa);
  const b = fb === undefined ? null : thaw(fb);
  const at = `line ${check.line}:`;
  switch (check.op) {
    case 'eq':
      return { ok: same(a, b), text: `${at} ${show(a)} == ${show(b)}` };
    case 'ne':
      return { ok: !same(a, b), text: `${at} ${show(a)} != ${show(b)}` };
    case 'in':
      return { ok: contains(a, b), text: `${at} ${show(a)} in ${show(b)}` };
    case 'notin':
      return { ok: !contains(a, b), text: `${at} ${show(a)} not in ${show(b)}` };
    case 'true':
      return { ok: a === true, text: `${at} expected True, got ${show(a)}` };
    case 'false':
      return { ok: a === false, text: `${at} expected False, got ${show(a)}` };
    case 'none':
      return { ok: a === null, text: `${at} expected None, got ${show(a)}` };
    case 'notnone':
      return { ok: a !== null, text: `${at} expected a value, got None` };
    case 'nottrue':
      return { ok: a !== true, text: `${at} expected anything but True, got True` };
    case 'notfalse':
      return { ok: a !== false, text: `${at} expected anything but False, got False` };
    case 'type':
      return {
        ok: typeNameOf(fa) === check.typeName,
        text: `${at} type(${show(a)}) is ${check.typeName}`,
      };
    case 'nottype':
      return {
        ok: typeNameOf(fa) !== check.typeName,
        text: `${at} type(${show(a)}) is not ${check.typeName}`,
      };
  }
}

// ---------------------------------------------------------------------------------------
// The child's report.

export interface Raised {
  type: string;
  message: string;
  unable: boolean;
}

export interface ChildTest {
  steps: { k: number; values: Frozen[] }[];
  end: { done: true } | { raised: Raised } | { error: string };
}

/** What the child says it did, validated against the plan. */
export interface ChildCaseReport {
  stage: 'ran' | 'import-error' | 'declared-unable' | 'tampering' | 'harness-error';
  message: string;
  tests: ChildTest[];
  output: string;
}

const CHILD_STAGES = ['ran', 'import-error', 'declared-unable', 'tampering', 'harness-error'] as const;

function checkRaised(v: unknown): Raised {
  if (
    !isObject(v) ||
    typeof v['type'] !== 'string' ||
    typeof v['message'] !== 'string' ||
    typeof v['unable'] !== 'boolean'
  )
    throw new Malformed('an exception is not described');
  return { type: v['type'].slice(0, 200), message: v['message'].slice(0, 2000), unable: v['unable'] };
}

/**
 * Parses and validates the child's one report line against the plan: the nonce of this
 * case, known stages, one entry per planned test, checks numbered in order with as many
 * values as the plan says. Returns the report, or why it is malformed.
 */
export function parseCaseReport(line: string, nonce: string, plan: Plan): ChildCaseReport | { malformed: string } {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return { malformed: 'it is not JSON' };
  }
  try {
    if (!isObject(v)) throw new Malformed('it is not an object');
    if (v['nonce'] !== nonce) throw new Malformed("it does not carry this case's nonce");
    if (!onlyKeys(v, ['nonce', 'stage', 'message', 'tests', 'output'])) throw new Malformed('it has unknown fields');
    const stage = v['stage'];
    if (!CHILD_STAGES.includes(stage as ChildCaseReport['stage'])) throw new Malformed('its stage is unknown');
    if (typeof v['message'] !== 'string' || typeof v['output'] !== 'string' || !Array.isArray(v['tests']))
      throw new Malformed('a field has the wrong type');
    const rawTests = v['tests'];
    if (stage === 'ran' && rawTests.length !== plan.tests.length)
      throw new Malformed(`it reports ${rawTests.length} tests, the task has ${plan.tests.length}`);
    if (stage !== 'ran' && rawTests.length !== 0) throw new Malformed('it reports tests that did not run');
    const budget = { nodes: MAX_NODES };
    const tests = rawTests.map((t, i): ChildTest => {
      const planned = plan.tests[i] as TestPlan;
      if (!isObject(t) || !Array.isArray(t['steps']) || !isObject(t['end'])) throw new Malformed('a test');
      if (t['steps'].length > planned.checks.length) throw new Malformed(`${planned.name} reports too many checks`);
      const steps = t['steps'].map((s, j) => {
        if (!isObject(s) || s['k'] !== j || !Array.isArray(s['values']))
          throw new Malformed(`${planned.name}: a check out of order`);
        const check = planned.checks[j] as PlannedCheck;
        if (s['values'].length !== childSlots(check))
          throw new Malformed(`${planned.name}: a check with the wrong values`);
        return { k: j, values: s['values'].map((x) => checkFrozen(x, budget)) };
      });
      const end = t['end'];
      let parsedEnd: ChildTest['end'];
      if (end['done'] === true && Object.keys(end).length === 1) parsedEnd = { done: true };
      else if ('raised' in end && Object.keys(end).length === 1) parsedEnd = { raised: checkRaised(end['raised']) };
      else if (typeof end['error'] === 'string' && Object.keys(end).length === 1)
        parsedEnd = { error: end['error'].slice(0, 2000) };
      else throw new Malformed(`${planned.name}: its end is unknown`);
      return { steps, end: parsedEnd };
    });
    return {
      stage: stage as ChildCaseReport['stage'],
      message: (v['message'] as string).slice(0, 4000),
      tests,
      output: (v['output'] as string).slice(0, 16_384),
    };
  } catch (error) {
    if (error instanceof Malformed) return { malformed: error.message };
    throw error;
  }
}

/** Node's permission model refusing an operation (os.system, sockets through ws, files). */
const ACCESS_DENIED = /Access to this API has been restricted|ERR_ACCESS_DENIED/;

/** Judges each test of a validated report. */
function judgeTests(report: ChildCaseReport, plan: Plan): CodeRunResult['tests'] {
  return report.tests.map((t, i) => {
    const planned = plan.tests[i] as TestPlan;
    const name = planned.name;
    for (const step of t.steps) {
      const check = planned.checks[step.k] as PlannedCheck;
      const values = [...step.values];
      const operands = check.slots.map((s) => ('lit' in s ? s.lit : (values.shift() as Frozen)));
      const verdict = judgeCheck(check, operands);
      if (!verdict.ok) return { name, outcome: 'failed' as const, message: `assertion failed at ${verdict.text}` };
    }
    if ('raised' in t.end) {
      const message = `${t.end.raised.type}: ${t.end.raised.message}`;
      return { name, outcome: t.end.raised.unable ? ('declared-unable' as const) : ('failed' as const), message };
    }
    if ('error' in t.end) return { name, outcome: 'failed' as const, message: t.end.error };
    // A test that yields fewer checks than it has asserts was cut short: not a pass.
    if (t.steps.length < planned.checks.length)
      return {
        name,
        outcome: 'failed' as const,
        message: `only ${t.steps.length} of ${planned.checks.length} assertions ran`,
      };
    return { name, outcome: 'passed' as const, message: '' };
  });
}

/**
 * The result of a case from the child's report line: validated against the plan and
 * judged here. Whatever is wrong with the report is the case's failure.
 */
export function caseResult(
  line: string,
  nonce: string,
  plan: Plan,
  base: { durationMs: number; chosen: number },
): CodeRunResult {
  const out = { durationMs: base.durationMs, chosen: base.chosen, output: '', tests: [] as CodeRunResult['tests'] };
  const report = parseCaseReport(line, nonce, plan);
  if ('malformed' in report)
    return {
      ...out,
      stage: 'tampering',
      message: `the sandbox returned a malformed report (${report.malformed}); no result of this run is trusted`,
    };
  const tests = report.stage === 'ran' ? judgeTests(report, plan) : [];
  const result = { ...out, output: report.output, tests };
  if (
    ACCESS_DENIED.test(report.message) ||
    ACCESS_DENIED.test(report.output) ||
    tests.some((t) => ACCESS_DENIED.test(t.message))
  )
    return {
      ...result,
      stage: 'sandbox-violation',
      message: "the code attempted something the sandbox forbids (Node's permission model refused it)",
    };
  const failed = (stage: CodeRunStage, message: string): CodeRunResult => ({ ...result, stage, message });
  switch (report.stage) {
    case 'tampering':
      // Whatever the tests said before, a changed harness or a refused reach for frames,
      // the heap or tracing means none of it is trusted.
      return { ...failed('tampering', `${report.message}; no result of this run is trusted`), tests: [] };
    case 'declared-unable':
      return failed('declared-unable', report.message);
    case 'import-error':
    case 'harness-error':
      return failed('test-failure', report.message);
    case 'ran':
      break;
  }
  if (tests.length === 0) return failed('test-failure', 'the task has no tests');
  const unable = tests.find((t) => t.outcome === 'declared-unable');
  if (unable) return failed('declared-unable', unable.message);
  const bad = tests.filter((t) => t.outcome !== 'passed');
  if (bad.length > 0)
    return failed('test-failure', `${bad.length} of ${tests.length} tests failed: ${bad[0]?.name}: ${bad[0]?.message}`);
  return failed('passed', `${tests.length} tests passed`);
}
