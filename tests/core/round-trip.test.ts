/**
 * The pure parts of the round trip: reading code from a reply, V_text, and the task
 * format with its errors.
 */
import assert from 'node:assert/strict';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { createFsWorkspace } from '../../src/adapters/fs-store.ts';
import { ConfigError } from '../../src/core/errors.ts';
import { loadTasks } from '../../src/core/kinds/round-trip/tasks.ts';
import { checkDescription, readCode, scriptShare } from '../../src/core/kinds/round-trip/text.ts';
import { ROOT } from '../helpers/cli.ts';

describe('reading code from a reply', () => {
  test('python and bare fenced blocks are candidates in order; other languages are not', () => {
    const reply = 'Intro\n```text\nnot code\n```\n```python\ndef a():\n    return 1\n```\nthen\n```\nb = 2\n```\n';
    assert.deepEqual(readCode(reply).blocks, ['def a():\n    return 1\n', 'b = 2\n']);
  });

  test('without blocks the whole reply is used, outer fences and whitespace stripped', () => {
    assert.deepEqual(readCode('\n\ndef f():\n    return 3\n\n'), { blocks: [], fallback: 'def f():\n    return 3\n' });
    // A truncated reply whose fence never closes still yields its code.
    assert.equal(readCode('```python\ndef f():\n    return 3').fallback, 'def f():\n    return 3\n');
  });
});

describe('V_text', () => {
  test('the prefix must open the description exactly', () => {
    assert.deepEqual(checkDescription('Task: add two numbers', 'en', 'Task: ', 0.5), { ok: true, share: null });
    const late = checkDescription('\nTask: add two numbers', 'en', 'Task: ', 0.5);
    assert.equal(late.ok, false);
    assert.equal(!late.ok && late.stage, 'format-error');
    assert.equal(checkDescription('Tarea: sumar', 'es', 'Tarea: ', 0.5).ok, true);
  });

  test('ja: kana and kanji share after removing ASCII, digits, symbols and code spans', () => {
    assert.equal(scriptShare('関数 execute(a, b) は 2 つの整数を足します。', 'ja'), 1);
    assert.equal(scriptShare('`execute` returns 42 です', 'ja'), 1); // "returns" is ASCII: removed
    assert.equal(scriptShare('Ｆｕｎｃｔｉｏｎ です', 'ja'), 2 / 10); // full-width Latin is not Japanese
    assert.equal(scriptShare('', 'ja'), 0);
    const english = checkDescription('タスク: This function returns the integer 42.', 'ja', 'タスク: ', 0.5);
    assert.equal(!english.ok && english.stage, 'language-error'); // the prefix itself does not count
    assert.equal(checkDescription('タスク: 整数 42 を返す関数 execute() です。', 'ja', 'タスク: ', 0.5).ok, true);
  });

  test('zh counts Han characters only; kana do not pass as Chinese', () => {
    assert.equal(checkDescription('任务: 返回整数 42 的函数 execute()。', 'zh', '任务: ', 0.5).ok, true);
    const kana = checkDescription('任务: ひらがなだけのせつめい', 'zh', '任务: ', 0.5);
    assert.equal(!kana.ok && kana.stage, 'language-error');
  });

  test('the threshold is the configured one', () => {
    const mixed = 'タスク: 関数 名前 ÄÖÜ ÉÈ'; // 4 Japanese of 9 counted characters
    assert.equal(checkDescription(mixed, 'ja', 'タスク: ', 0.5).ok, false);
    assert.equal(checkDescription(mixed, 'ja', 'タスク: ', 0.4).ok, true);
  });
});

describe('task folders', () => {
  test('the shipped tasks have descriptions in all four languages that pass V_text behind the prefix', async () => {
    for (const language of ['ja', 'en', 'es', 'zh'] as const) {
      const loaded = await loadTasks(createFsWorkspace(ROOT), 'eval-datasets/round-trip', language, { file: 'test' });
      assert.equal(loaded.cases.length, 10);
      const prefix = { ja: 'タスク: ', en: 'Task: ', es: 'Tarea: ', zh: '任务: ' }[language];
      for (const c of loaded.cases) {
        const check = checkDescription(`${prefix}${c.inputs['description']}`, language, prefix, 0.5);
        assert.ok(check.ok, `${c.id} ${language}: ${JSON.stringify(check)}`);
      }
    }
  });

  test('a malformed task is a configuration error naming the file and line', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'evalgate-tasks-'));
    try {
      await cp(join(ROOT, 'eval-datasets/round-trip/t01-constant'), join(dir, 'tasks/t01'), { recursive: true });
      const ws = createFsWorkspace(dir);
      const expectError = async (pattern: RegExp, language: 'en' | 'ja' = 'en'): Promise<void> => {
        await assert.rejects(
          loadTasks(ws, 'tasks', language, { file: 'evalgate.yml' }),
          (e: unknown) => e instanceof ConfigError && pattern.test(e.message),
        );
      };
      await writeFile(join(dir, 'tasks/t01/task.yaml'), 'id: t01\nentry-point: 3bad\ndescriptions:\n  en: "x"\n');
      await expectError(/tasks\/t01\/task\.yaml:2: entry-point: must be a Python identifier/);
      await writeFile(join(dir, 'tasks/t01/task.yaml'), 'id: t01\ndescriptions:\n  en: "x"\n  fr: "y"\n');
      await expectError(/task\.yaml.*descriptions.*fr/);
      await writeFile(join(dir, 'tasks/t01/task.yaml'), 'id: t01\ndescriptions:\n  en: "x"\n');
      await expectError(/task\.yaml: has no "ja" description/, 'ja');
      await writeFile(join(dir, 'tasks/t01/task.yaml'), 'id: t01\ndescriptions: [oops\n');
      await expectError(/task\.yaml:\d+: is not valid YAML/);
      await writeFile(join(dir, 'tasks/t01/task.yaml'), 'id: t01\ndescriptions:\n  en: "x"\n');
      await writeFile(join(dir, 'tasks/t01/test_task.py'), 'def test_a():\n    assert 1 == 1\n');
      await expectError(/test_task\.py: never imports the module `solution`/);
      await writeFile(join(dir, 'tasks/t01/test_task.py'), 'from solution import execute\n');
      await expectError(/test_task\.py: has no test/);
      await rm(join(dir, 'tasks/t01/test_task.py'));
      await expectError(/tasks\/t01: has no test_task\.py/);
      await assert.rejects(
        loadTasks(ws, 'missing', 'en', { file: 'evalgate.yml', line: 9, path: 'suites[0].tasks' }),
        /evalgate\.yml:9 suites\[0\]\.tasks: tasks folder "missing" does not exist/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
