// The one sanitizer of the runner's log (core/log-text.ts), and the two edges that use it:
// the action's log module and the CLI's console logger. A line the runner would take as a
// workflow command is one that, after leading whitespace, starts with `::`, or that holds
// `##[` anywhere (the legacy form); the runner splits lines at \n and at \r.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { escapeControls, logText } from '../../src/core/log-text.ts';
import * as actionLog from '../../src/action/log.ts';
import { createConsoleLogger } from '../../src/adapters/system.ts';

const commandLines = (text: string): string[] =>
  text.split(/\r\n|\r|\n/).filter((l) => /^\s*::/.test(l) || l.includes('##['));

// Text a pull request or a model could put in a suite name, model, path, reply or error.
const HOSTILE = [
  'm1\n::error::INJECTED',
  'x\r::add-mask::gpt-4o',
  'a\u2028::stop-commands::halt',
  '  ::set-output name=verdict::pass',
  '\t::warning title=t::fake',
  'reply ##[error]legacy command mid-line',
  '::notice::at the very start',
  '\u001b[31mred\u001b[0m and a bell\u0007 and NEL\u0085::x',
  'bidi \u202e txt.exe',
  '%0A::error::percent-encoded stays text',
  '\u00a0\u3000::error::odd whitespace before',
];

/** Captures what the process writes to stdout and stderr while `run` runs. */
function capture(run: () => void): string {
  let out = '';
  const original = { stdout: process.stdout.write, stderr: process.stderr.write };
  const grab = ((chunk: string | Uint8Array) => {
    out += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }) as typeof process.stdout.write;
  process.stdout.write = grab;
  process.stderr.write = grab;
  try {
    run();
  } finally {
    process.stdout.write = original.stdout;
    process.stderr.write = original.stderr;
  }
  return out;
}

describe('the log sanitizer', () => {
  it('no hostile text yields a command line, and each stays readable', () => {
    for (const text of HOSTILE) {
      const safe = logText(text);
      assert.deepEqual(commandLines(safe), [], JSON.stringify(text));
      // What was said is still there, escaped.
      assert.ok(safe.endsWith(/[A-Za-z-]+$/.exec(text)?.[0] ?? ''), safe);
    }
    assert.equal(logText('a\n::error::x'), 'a\n\\::error::x');
    assert.equal(logText('x ##[group]y'), 'x ##\\[group]y');
    assert.equal(escapeControls('m1\n::e\r\u001b\u2028'), 'm1\\n::e\\r\\x1b\\u2028');
    // Our own lines and tabs are kept; a \r cannot start a line of its own.
    assert.equal(logText('one\ntwo\tcols'), 'one\ntwo\tcols');
    assert.equal(logText('a\rb'), 'a\\rb');
  });

  it("the action's log functions: no command of the text's own in any of them", () => {
    const log = capture(() => {
      for (const text of HOSTILE) {
        actionLog.info(text);
        actionLog.warning(text, { title: text, file: `prompts/${text}` });
        actionLog.error(text);
        actionLog.notice(text);
      }
    });
    // Our annotations start with `::warning`/`::error`/`::notice` and carry the text as escaped data.
    const own = /^::(warning|error|notice)( [^:]*)?::/;
    const forged = commandLines(log).filter((l) => !own.test(l));
    assert.deepEqual(forged, []);
    for (const line of commandLines(log)) assert.doesNotMatch(line.replace(own, ''), /^\s*::|##\[/, line);
    assert.ok(!log.includes('\u001b'), 'a terminal escape reached the log');
  });

  it("the CLI's console logger (stderr) makes every line inert", () => {
    const logger = createConsoleLogger(false);
    const log = capture(() => {
      for (const text of HOSTILE) {
        logger.info(text);
        logger.warn(text);
      }
    });
    assert.deepEqual(commandLines(log), []);
  });
});
