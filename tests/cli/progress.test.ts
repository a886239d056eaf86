// Progress lines: live on a terminal, plain and throttled in CI logs, silent with --quiet.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createProgress } from '../../src/cli/progress.ts';
import type { CaseRecord } from '../../src/core/types.ts';

function stream(isTTY: boolean): NodeJS.WriteStream & { text: string } {
  const s = {
    isTTY,
    text: '',
    write(chunk: string) {
      s.text += chunk;
      return true;
    },
  };
  return s as unknown as NodeJS.WriteStream & { text: string };
}
const rec = (status: 'scored' | 'error', cached = false): CaseRecord => ({ status, cached }) as CaseRecord;

describe('progress', () => {
  it('prints a plain line every few seconds and at the end when not on a terminal', () => {
    let t = 0;
    const out = stream(false);
    const p = createProgress(out, false, () => t, 5000);
    p.start('s', 4, 1);
    t = 1000;
    p.onRecord('s', rec('scored'));
    t = 2000;
    p.onRecord('s', rec('error'));
    t = 7000;
    p.onRecord('s', rec('scored', true));
    const lines = out.text.trim().split('\n');
    assert.equal(lines.length, 2);
    assert.match(lines[0] as string, /^s: 2\/4 done, 0 errors, 0 cached, 1 resumed, 1\.0 calls\/s, ETA 2 s$/);
    assert.match(lines[1] as string, /^s: 4\/4 done, 1 error, 1 cached, 1 resumed/);
    assert.ok(!out.text.includes('\r'));
  });

  it('redraws one live line on a terminal', () => {
    const out = stream(true);
    const p = createProgress(out, false, () => 0);
    p.start('s', 2, 0);
    p.onRecord('s', rec('scored'));
    p.onRecord('s', rec('scored'));
    assert.equal(out.text.split('\r\u001b[2K').length, 3);
    assert.ok(out.text.endsWith('\n'));
  });

  it('says nothing when quiet', () => {
    const out = stream(false);
    const p = createProgress(out, true);
    p.start('s', 1, 0);
    p.onRecord('s', rec('scored'));
    p.end();
    assert.equal(out.text, '');
  });
});
