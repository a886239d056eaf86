// Model text in the report is inert: no live Markdown or HTML, no mentions, no images.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codeBlock, inlineCode, inlineText, stripControls, truncate } from '../../src/core/report/sanitize.ts';
import { formatMetric, formatPercent } from '../../src/core/report/format.ts';

const HOSTILE =
  'Hi @octocat and @org/team! <img src="https://evil.example/x.png"> </details> | a | b |\n|---|---|\n**bold** [link](https://evil.example) ![img](https://evil.example/i.png) \u001b[31mred\u001b[0m ```';

describe('sanitizing model text', () => {
  it('escapes inline text so nothing renders, pings or loads', () => {
    const out = inlineText(HOSTILE, 1000);
    assert.ok(!/@[A-Za-z]/.test(out), 'mentions are broken');
    assert.ok(!out.includes('<'), 'no raw HTML');
    assert.ok(!out.includes('|'), 'no table pipes');
    assert.ok(!out.includes('\n'), 'one line');
    assert.ok(!out.includes('\u001b'), 'no ANSI');
    assert.ok(!out.includes('](') || out.includes('\\]('), 'links are escaped');
    assert.ok(!out.includes('https://'), 'no autolinks');
  });

  it('fences code blocks with a fence longer than any backtick run inside', () => {
    const block = codeBlock('before ```` inside', 100);
    const fence = block.split('\n')[0]?.replace('text', '') as string;
    assert.equal(fence, '`````');
    assert.ok(block.endsWith(`\n${fence}`));
    assert.ok(!codeBlock(HOSTILE).includes('\u001b'));
    assert.match(codeBlock(''), /\(empty\)/);
  });

  it('keeps code spans literal', () => {
    assert.equal(inlineCode('gpt-4o-mini'), '`gpt-4o-mini`');
    assert.equal(inlineCode('a`b'), '``a`b``');
  });

  it('truncates by code points and says how much was cut', () => {
    assert.equal(truncate('あいうえお', 3), 'あいう… [2 more characters]');
    assert.equal(stripControls('a\u0007b\u202ec'), 'a\uFFFDb\uFFFDc');
  });

  it('formats scores with three significant digits and changes as percentages', () => {
    assert.equal(formatMetric(0.91666), '0.917');
    assert.equal(formatMetric(4.1666), '4.17');
    assert.equal(formatMetric(7.8), '7.80');
    assert.equal(formatPercent(-0.3043), '−30.4%');
    assert.equal(formatPercent(0.0593), '+5.9%');
  });
});
