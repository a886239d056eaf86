/**
 * `evalgate init --kind round-trip`: description → Python → description, ten cycles, with
 * five small tasks written by us, each a task.yaml and tests the model's code must pass
 * in the sandbox.
 */
import { starterConfig, type StarterSuite } from '../starter.ts';

/** A task: folder name, entry point, English description, tests (importing `solution`). */
interface StarterTask {
  folder: string;
  entryPoint: string;
  description: string;
  tests: string;
}

const TASKS: StarterTask[] = [
  {
    folder: 'double',
    entryPoint: 'double',
    description: 'Write a function double(n) that returns n multiplied by 2.',
    tests: 'def test_doubles():\n    assert double(4) == 8\n    assert double(-3) == -6\n    assert double(0) == 0\n',
  },
  {
    folder: 'initials',
    entryPoint: 'initials',
    description:
      'Write a function initials(name) that returns the first letter of every space-separated word of name, in upper case, joined without separators. For example, initials("ada lovelace") returns "AL".',
    tests:
      'def test_two_words():\n    assert initials("ada lovelace") == "AL"\n\n\ndef test_one_word():\n    assert initials("grace") == "G"\n',
  },
  {
    folder: 'evens',
    entryPoint: 'evens',
    description:
      'Write a function evens(numbers) that returns a new list with only the even integers of the list numbers, in their original order.',
    tests:
      'def test_keeps_order():\n    assert evens([5, 2, 8, 3, 4]) == [2, 8, 4]\n\n\ndef test_empty():\n    assert evens([]) == []\n',
  },
  {
    folder: 'clamp',
    entryPoint: 'clamp',
    description:
      'Write a function clamp(value, low, high) that returns low when value is below low, high when value is above high, and value otherwise.',
    tests:
      'def test_inside():\n    assert clamp(5, 0, 10) == 5\n\n\ndef test_outside():\n    assert clamp(-2, 0, 10) == 0\n    assert clamp(12, 0, 10) == 10\n',
  },
  {
    folder: 'word-count',
    entryPoint: 'word_count',
    description:
      'Write a function word_count(text) that returns a dictionary mapping each lower-cased word of text (split on whitespace) to the number of times it appears.',
    tests:
      'def test_counts():\n    assert word_count("the cat the Hat") == {"the": 2, "cat": 1, "hat": 1}\n\n\ndef test_empty():\n    assert word_count("") == {}\n',
  },
];

/** The starter suite: its entry, a floor on the mean cycles passed and what its sizing assumes. */
export const ROUND_TRIP_STARTER: StarterSuite = {
  entry: `  - name: round-trip
    kind: round-trip
    provider: target
    language: en
    tasks: eval-datasets/round-trip   # one folder per task: task.yaml and test_task.py
    templates:
      nl-to-code: prompts/round-trip-nl-to-code.txt
      code-to-nl: prompts/round-trip-code-to-nl.txt
    cycles: 10                    # description -> code -> description, ten times
    repeats: 3
`,
  floor: { metric: 'l2-score', min: 5, comment: 'on average, the tests pass for at least 5 of the 10 cycles' },
  units: { count: TASKS.length, noun: 'tasks' },
  // The SD of a task's paired change of its mean over 3 repeats, and the mean, of the
  // round-trip-like data of bench/gate-calibration.ts (one language, 100,000 simulated
  // tasks at no change): 1.30 and 7.93 cycles.
  spread: {
    relativeSd: 1.3 / 7.93,
    assumption:
      "the cycles passed vary like the round-trip data of evalgate's calibration benchmark (a task's mean over 3 repeats moves by about 1.3 of 10 cycles between two versions, around a mean of 7.9)",
  },
};

/** The starter files of a round-trip suite, by path relative to the repository root. */
export function roundTripStarterFiles(): Record<string, string> {
  const files: Record<string, string> = {
    'evalgate.yml': starterConfig(ROUND_TRIP_STARTER),
    'prompts/round-trip-nl-to-code.txt':
      'Write Python 3 code that does exactly what this task says.\n\n{description}\n\nDefine {entry_point} at module level and use only the standard library. Reply with the code only, in one ```python block.',
    'prompts/round-trip-code-to-nl.txt':
      'Describe what this Python code does, in English, so that someone could write the same code again from your description alone.\n\n```python\n{code}\n```\n\nStart your reply with "Task: ". Name the function {entry_point} and its parameters, state every literal value exactly, and say what it returns. One paragraph of plain prose, no code.',
  };
  for (const t of TASKS) {
    files[`eval-datasets/round-trip/${t.folder}/task.yaml`] =
      `id: ${t.folder}\nentry-point: ${t.entryPoint}\ndescriptions:\n  en: ${JSON.stringify(t.description)}\n`;
    files[`eval-datasets/round-trip/${t.folder}/test_task.py`] = `from solution import ${t.entryPoint}\n\n\n${t.tests}`;
  }
  return files;
}
