/**
 * `evalgate init --kind exact-copy` (the default): a config with one exact-copy suite, its
 * templates and a small dataset of three-line contexts written by us.
 */
import { binarySpread, starterConfig, type StarterSuite } from '../starter.ts';

const LINES: [string, string, string][] = [
  [
    'The museum opens at ten and closes at six on weekdays.',
    'When does the museum open on weekdays?',
    'The cafe on the roof serves soup until two.',
  ],
  [
    'Tickets for the ferry are sold only at the harbour office.',
    'Where are ferry tickets sold?',
    'The harbour office also rents out bicycles.',
  ],
  [
    'The library lends up to eight books per card.',
    'How many books can one card borrow?',
    'Late returns cost ten cents a day.',
  ],
  [
    'Bus 14 runs every twenty minutes after eight in the evening.',
    'How often does bus 14 run in the evening?',
    'Bus 9 stops at the hospital.',
  ],
  [
    'The pool keeps one lane for slow swimmers at lunchtime.',
    'What does the pool keep at lunchtime?',
    'The sauna is closed on Mondays.',
  ],
  [
    'Glass goes in the green bin, collected every second Monday.',
    'Which bin is for glass?',
    'Paper is collected on Fridays.',
  ],
  [
    'The bakery sells rye bread only on Tuesdays.',
    'On which day is rye bread sold?',
    'Croissants are baked every morning.',
  ],
  ['The hiking trail closes after heavy rain.', 'When does the hiking trail close?', 'Dogs must be kept on a lead.'],
  [
    'The choir rehearses in the old church on Thursdays.',
    'Where does the choir rehearse?',
    'New singers are welcome in September.',
  ],
  [
    'The market opens at six in the evening on Saturdays.',
    'When does the market open?',
    'Parking is free after seven.',
  ],
  [
    'The observatory shows the moon on the first clear Saturday.',
    'When does the observatory show the moon?',
    'Telescopes can be borrowed for a week.',
  ],
  [
    'The orchard grows eleven kinds of apples.',
    'How many kinds of apples grow in the orchard?',
    'Pears ripen in late September.',
  ],
];

/** The starter suite: its entry, a floor on exact-match and what its sizing assumes. */
export const EXACT_COPY_STARTER: StarterSuite = {
  entry: `  - name: copy-qa
    kind: exact-copy
    provider: target
    dataset: eval-datasets/copy-qa.jsonl
    templates:
      system: prompts/copy-qa-system.txt
      user: prompts/copy-qa-user.txt
`,
  floor: { metric: 'exact-match', min: 0.8, comment: 'at least 80% of answers copied exactly' },
  units: { count: LINES.length, noun: 'cases' },
  spread: binarySpread(0.8, 0.12, "the binary data of evalgate's calibration benchmark"),
};

/** The starter files of an exact-copy suite, by path relative to the repository root. */
export function exactCopyStarterFiles(): Record<string, string> {
  const dataset = LINES.map(([answer, question, other], i) => {
    const context = [other, answer, LINES[(i + 5) % LINES.length]?.[2] ?? other].join('\n');
    return JSON.stringify({ id: `starter-${String(i + 1).padStart(2, '0')}`, question, context, expected: answer });
  }).join('\n');
  return {
    'evalgate.yml': starterConfig(EXACT_COPY_STARTER),
    'prompts/copy-qa-system.txt':
      'You will be given three lines of text between <context> tags, followed by a question.\nExactly one of the three lines answers the question. Reply with that line, copied character for character: no quotes, no labels, no explanation, nothing before or after it.',
    'prompts/copy-qa-user.txt': '<context>\n{context}\n</context>\n\nQuestion: {question}',
    'eval-datasets/copy-qa.jsonl': `${dataset}\n`,
  };
}
