// The verdict is made outside the process that ran model code (sandbox-verdict.ts): the
// child's report is plain data checked strictly against the preparer's plan. Whatever a
// compromised child could write — another nonce, extra fields, tests that are not a list,
// checks out of order or missing, values that are not frozen values, a pass it claims for
// itself — is the case's failure (stage `tampering`), never a pass and never an error.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { caseResult, judgeCheck, parsePlan, type Plan } from '../../src/adapters/sandbox-verdict.ts';

const plan: Plan = {
  code: 'x',
  tests: [
    {
      name: 'test_value',
      checks: [
        { op: 'eq', line: 4, slots: [{ child: true }, { lit: { int: '42' } }] },
        { op: 'type', line: 5, slots: [{ child: true }], typeName: 'int' },
      ],
    },
    { name: 'test_in', checks: [{ op: 'in', line: 8, slots: [{ lit: 'a' }, { child: true }] }] },
  ],
};
const NONCE = 'n0nce';
const report = (tests: unknown, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ nonce: NONCE, stage: 'ran', message: '', tests, output: '', ...extra });
const done = { done: true };
const passing: { steps: { k: number; values: unknown[] }[]; end: unknown }[] = [
  {
    steps: [
      { k: 0, values: [{ int: '42' }] },
      { k: 1, values: [{ int: '42' }] },
    ],
    end: done,
  },
  { steps: [{ k: 0, values: [{ list: ['a', 'b'] }] }], end: done },
];
const run = (line: string): ReturnType<typeof caseResult> =>
  caseResult(line, NONCE, plan, { durationMs: 1, chosen: -1 });

describe('the verdict outside the sandbox', () => {
  it('passes a report whose values meet the expected values kept outside', () => {
    const r = run(report(passing));
    assert.equal(r.stage, 'passed', r.message);
    assert.deepEqual(
      r.tests.map((t) => t.outcome),
      ['passed', 'passed'],
    );
  });

  it('fails wrong values with the line and both sides, exactly as before', () => {
    const wrong = structuredClone(passing);
    wrong[0]!.steps[0]!.values = [{ int: '41' }];
    const r = run(report(wrong));
    assert.equal(r.stage, 'test-failure');
    assert.equal(r.tests[0]?.message, 'assertion failed at line 4: 41 == 42');
    const float = structuredClone(passing);
    float[0]!.steps[1]!.values = [{ float: '42.0' }];
    assert.equal(run(report(float)).tests[0]?.message, 'assertion failed at line 5: type(42) is int');
  });

  it('a report that does not fit the plan is tampering, whatever it claims', () => {
    const malformed: [string, string][] = [
      ['not JSON', 'nope'],
      ['another nonce', JSON.stringify({ nonce: 'guess', stage: 'ran', message: '', tests: passing, output: '' })],
      ['tests not a list', report('not a list')],
      ['tests a number', report(7)],
      ['a stage of its own', report(passing, { stage: 'passed' })],
      ['an extra field', report(passing, { chosen: 0 })],
      ['one test missing', report([passing[0]])],
      ['a check skipped', report([{ steps: [passing[0]!.steps[1]], end: done }, passing[1]])],
      ['a check twice', report([{ steps: [passing[0]!.steps[0], passing[0]!.steps[0]], end: done }, passing[1]])],
      ['too many checks', report([{ steps: [...passing[0]!.steps, { k: 2, values: [] }], end: done }, passing[1]])],
      ['a value of the wrong shape', report([{ steps: [{ k: 0, values: [{ int: 42 }] }], end: done }, passing[1]])],
      ['a value that is an object', report([{ steps: [{ k: 0, values: [{ x: 1, y: 2 }] }], end: done }, passing[1]])],
      [
        'an expected value sent by the child',
        report([{ steps: [{ k: 0, values: [{ int: '1' }, { int: '1' }] }], end: done }, passing[1]]),
      ],
      ['an end of its own', report([{ steps: [], end: { passed: true } }, passing[1]])],
      ['tests after an import error', report(passing, { stage: 'import-error' })],
    ];
    for (const [what, line] of malformed) {
      const r = run(line);
      assert.equal(r.stage, 'tampering', `${what}: ${r.stage} ${r.message}`);
      assert.match(r.message, /malformed report/, what);
      assert.deepEqual(r.tests, [], what);
    }
  });

  it('a test cut short, raising, or declared unable is not a pass', () => {
    assert.equal(
      run(report([{ steps: [passing[0]!.steps[0]], end: done }, passing[1]])).tests[0]?.message,
      'only 1 of 2 assertions ran',
    );
    const raised = run(
      report([{ steps: [], end: { raised: { type: 'ValueError', message: 'x', unable: false } } }, passing[1]]),
    );
    assert.equal(raised.stage, 'test-failure');
    const unable = run(
      report([
        { steps: [], end: { raised: { type: 'NotImplementedError', message: 'no', unable: true } } },
        passing[1],
      ]),
    );
    assert.equal(unable.stage, 'declared-unable');
  });

  it('judges with exact types: an opaque value equals nothing, NaN never equals, 1 is not True', () => {
    const eq = { op: 'eq' as const, line: 1, slots: [{ child: true as const }, { child: true as const }] };
    assert.equal(judgeCheck(eq, [{ opaque: 'AlwaysEqual' }, { opaque: 'AlwaysEqual' }]).ok, false);
    assert.equal(judgeCheck(eq, [{ float: 'nan' }, { float: 'nan' }]).ok, false);
    assert.equal(judgeCheck(eq, [{ int: '1' }, true]).ok, false);
    assert.equal(judgeCheck(eq, [{ int: '2' }, { float: '2.0' }]).ok, true);
    assert.equal(judgeCheck(eq, [{ tuple: [{ int: '1' }] }, { list: [{ int: '1' }] }]).ok, false);
    assert.equal(
      judgeCheck(eq, [{ dict: [['a', { set: [{ int: '1' }] }]] }, { dict: [['a', { set: [{ int: '1' }] }]] }]).ok,
      true,
    );
    const big = { int: '123456789012345678901234567890' };
    assert.equal(judgeCheck(eq, [big, big]).ok, true);
    assert.equal(judgeCheck({ op: 'true', line: 1, slots: [{ child: true }] }, [{ int: '1' }]).ok, false);
  });

  it("refuses a plan that is not one (the preparer's answers are checked too)", () => {
    assert.ok(
      'error' in
        parsePlan('{"tests":[{"name":"t","checks":[{"op":"exec","line":1,"slots":[{"child":true}]}]}],"code":""}'),
    );
    assert.ok('error' in parsePlan('{"tests":"x","code":""}'));
    assert.deepEqual(parsePlan('{"error":"the task\'s tests do not parse: line 1"}'), {
      error: "the task's tests do not parse: line 1",
    });
  });
});
