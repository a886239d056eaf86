// A case's report is read to the end of the child's stdout, not cut off at its exit. Node
// may report a child's exit before the last lines it wrote are read, and evalgate took the
// report as missing: "the code ended the interpreter before the tests finished (exit code
// 0)", an honest solution failed (3 walks of 30 in a loaded CI run of the demo). Here
// evalgate's event loop is held while the case finishes, writes and exits, so the exit and
// the report are both waiting when it turns again. On this machine that order did not
// reproduce the CI failure before the fix (libuv read the pipe first); the test holds the
// behaviour for any order, and pyodide-runner.ts reads stdout to its end either way.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createPyodideRunner } from '../../src/adapters/pyodide-runner.ts';
import type { CodeRunner } from '../../src/ports.ts';

const TESTS = 'from solution import execute\n\ndef test_value():\n    assert execute() == 42\n';
/** Honest code with output, so its report is more than a few bytes. */
const HONEST = 'def execute():\n    print("x" * 8000)\n    return 42\n';

describe('a case whose process exits before its report is read', () => {
  let runner: CodeRunner;
  before(async () => {
    runner = createPyodideRunner({ poolSize: 1 });
    await runner.run({ solution: 'def execute():\n    return 42\n', tests: TESTS });
  });
  after(() => runner.close());

  it('is judged on its report: an honest solution passes every time', async () => {
    for (let round = 0; round < 6; round++) {
      const run = runner.run({ solution: HONEST, tests: TESTS });
      // Hold the event loop while the case runs, reports and exits (it takes well under this).
      await new Promise((resolve) => setTimeout(resolve, 5));
      const until = performance.now() + 1500;
      while (performance.now() < until);
      const result = await run;
      assert.equal(result.stage, 'passed', `round ${round}: ${result.message}`);
      assert.equal(result.output.length, 8001, `round ${round}: the output came with the report`);
    }
  });
});
