/**
 * A scripted model for round-trip suites, served by the fake OpenAI server. It is not an
 * LLM: it recognizes a task by its description (or its reference solution) in the prompt,
 * answers with the task's reference solution (`reference.py` beside the task) and with
 * the task's own description behind the language's prefix — and, when asked, breaks at a
 * chosen cycle with a chosen stop stage.
 *
 * With `markCycles` the descriptions and the code carry the cycle number (`[cycle 3]`,
 * `# cycle 3`) so the script knows where it is without keeping state; without it the
 * replies are the same every cycle (a fixed point, as a stable model at temperature 0).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from './cli.ts';
import type { FakeReply, FakeRequest, FakeScript } from './fake-openai.ts';

/** A task as the script knows it. */
export interface ScriptTask {
  id: string;
  entryPoint: string;
  descriptions: Record<string, string>;
  reference: string;
}

/** The ways a scripted walk can be made to stop. */
export type BreakStage =
  | 'syntax-error'
  | 'test-failure'
  | 'timeout'
  | 'sandbox-violation'
  | 'declared-unable'
  | 'format-error'
  | 'language-error'
  | 'provider-error';

const PREFIX: Record<string, string> = { en: 'Task: ', es: 'Tarea: ', ja: 'タスク: ', zh: '任务: ' };

/** Reads the tasks (with reference solutions) of a tasks folder; default: the shipped set. */
export function loadScriptTasks(dir = join(ROOT, 'eval-datasets', 'round-trip')): ScriptTask[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => {
      const y = parse(readFileSync(join(dir, e.name, 'task.yaml'), 'utf8')) as {
        id: string;
        'entry-point'?: string;
        descriptions: Record<string, string>;
      };
      return {
        id: y.id,
        entryPoint: y['entry-point'] ?? 'execute',
        descriptions: y.descriptions,
        reference: readFileSync(join(dir, e.name, 'reference.py'), 'utf8'),
      };
    })
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** Options of the scripted round-trip model. */
export interface RoundTripScriptOptions {
  /** The suite's language; absent: told from the prompt (several suites at once). */
  language?: string;
  markCycles?: boolean;
  /** Stop at this cycle with this stage (for the listed tasks, default all). */
  breakAt?: { cycle: number; stage: BreakStage; tasks?: readonly string[] };
  /** Tasks whose code is broken (test failure at cycle 1) when the prompt has none of these texts. */
  degradeUnless?: { texts: readonly string[]; tasks: readonly string[] };
}

/** The code that makes a cycle stop with a stage. */
export function brokenCode(stage: BreakStage, entryPoint: string): string {
  switch (stage) {
    case 'syntax-error':
      return `def ${entryPoint}(:\n    return 1\n`;
    case 'timeout':
      return `def ${entryPoint}(*args, **kwargs):\n    while True:\n        pass\n\nclass Counter:\n    def increment(self, step=1):\n        while True:\n            pass\n`;
    case 'sandbox-violation':
      return `import os\nos.system("id")\n\ndef ${entryPoint}(*args, **kwargs):\n    return None\n`;
    case 'declared-unable':
      return `def ${entryPoint}(*args, **kwargs):\n    raise NotImplementedError("this task is beyond what I can do")\n\nclass Counter:\n    def increment(self, step=1):\n        raise NotImplementedError("this task is beyond what I can do")\n`;
    default:
      return `def ${entryPoint}(*args, **kwargs):\n    return None\n\nclass Counter:\n    def increment(self, step=1):\n        return None\n`;
  }
}

/** The fake server's script for a round-trip suite. */
export function scriptedRoundTrip(tasks: readonly ScriptTask[], options: RoundTripScriptOptions): FakeScript {
  const reply = roundTripReply(tasks, options);
  return (request) => reply(request) ?? { content: 'The scripted model does not know this task.' };
}

/** The round-trip replies alone: null for a prompt about none of the tasks (the demo mixes kinds). */
export function roundTripReply(
  tasks: readonly ScriptTask[],
  options: RoundTripScriptOptions = {},
): (request: FakeRequest) => FakeReply | null {
  const marked = options.markCycles ?? true;
  const breaks = (task: ScriptTask, cycle: number, stage?: BreakStage): boolean => {
    const b = options.breakAt;
    return !!b && b.cycle === cycle && (!stage || b.stage === stage) && (!b.tasks || b.tasks.includes(task.id));
  };
  return (request: FakeRequest): FakeReply | null => {
    const prompt = request.messages.map((m) => m.content).join('\n');
    const describing = tasks.find((t) => prompt.includes(t.reference));
    if (describing) {
      const language =
        options.language ?? Object.keys(PREFIX).find((l) => prompt.includes(`${PREFIX[l]}`.trim())) ?? 'en';
      const prefix = PREFIX[language] ?? 'Task: ';
      // code-to-nl: the code is the reference (plus its cycle mark).
      const cycle = marked ? Number(/# cycle (\d+)/.exec(prompt)?.[1] ?? '1') : 1;
      const own = describing.descriptions[language] ?? '';
      if (breaks(describing, cycle, 'provider-error'))
        return { status: 400, body: { error: { message: 'scripted failure for the test' } } };
      if (breaks(describing, cycle, 'format-error')) return { content: `Here is what the code does: ${own}` };
      if (breaks(describing, cycle, 'language-error'))
        return { content: `${prefix}This function returns a value; the description is written in English on purpose.` };
      return { content: `${prefix}${own}${marked ? ` [cycle ${cycle}]` : ''}` };
    }
    const languages = options.language ? [options.language] : Object.keys(PREFIX);
    const task = tasks.find((t) =>
      languages.some((l) => {
        const own = t.descriptions[l];
        return own !== undefined && prompt.includes(own);
      }),
    );
    if (!task) return null;
    const cycle = marked ? Number(/\[cycle (\d+)\]/.exec(prompt)?.[1] ?? '0') + 1 : 1;
    const d = options.degradeUnless;
    if (d && !d.texts.some((text) => prompt.includes(text)) && d.tasks.includes(task.id)) {
      return { content: `\`\`\`python\n${brokenCode('test-failure', task.entryPoint)}\`\`\`\n` };
    }
    const b = options.breakAt;
    const codeStages: BreakStage[] = [
      'syntax-error',
      'test-failure',
      'timeout',
      'sandbox-violation',
      'declared-unable',
    ];
    if (b && codeStages.includes(b.stage) && breaks(task, cycle)) {
      return { content: `\`\`\`python\n${brokenCode(b.stage, task.entryPoint)}\`\`\`\n` };
    }
    const code = `${task.reference}${marked ? `# cycle ${cycle}\n` : ''}`;
    return { content: `Here is the code.\n\n\`\`\`python\n${code}\`\`\`\n` };
  };
}
