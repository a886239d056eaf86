/**
 * The `kind: round-trip` suite entry: a tasks folder, the two templates of a round trip
 * (description to code, code to description), and the executor that runs the model's code.
 */
import { z } from 'zod';
import { EXECUTORS, sandboxTimeLimit, suiteCommon } from '../../config/common.ts';

/** The kind's name, the `kind:` value in evalgate.yml. */
export const ROUND_TRIP = 'round-trip';

/** The zod schema of a round-trip suite entry. */
export const roundTripSuite = z.strictObject({
  ...suiteCommon,
  kind: z.literal(ROUND_TRIP),
  language: z.enum(['ja', 'en', 'es', 'zh']),
  tasks: z.string().min(1),
  templates: z.strictObject({ 'nl-to-code': z.string().min(1), 'code-to-nl': z.string().min(1) }),
  repeats: z.int().min(1).max(100).default(3),
  cycles: z.int().min(1).max(50).default(10),
  executor: z
    .enum(EXECUTORS)
    .default('pyodide')
    .describe(
      "pyodide: the default sandbox. unsafe-host-python: the runner's python3 with an empty environment and limits; it does NOT protect secrets, files or the network.",
    ),
  prefix: z
    .string()
    .min(1)
    .optional()
    .describe(
      'The prefix every description must start with (default by language: "Task: ", "Tarea: ", "タスク: ", "任务: ").',
    ),
  'language-threshold': z
    .number()
    .min(0)
    .max(1)
    .default(0.5)
    .describe(
      'ja and zh: the least share of Japanese (or Han) characters in a description, after removing ASCII, digits, symbols and code spans.',
    ),
  'timeout-ms': sandboxTimeLimit("one run of the tests on the model's code"),
});

/** A round-trip suite's configuration. */
export type RoundTripSuiteConfig = z.output<typeof roundTripSuite>;
