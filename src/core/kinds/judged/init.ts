/**
 * `evalgate init --kind judged`: an assistant prompt whose answers a second, stronger
 * model grades from 1 to 5 against a reference and criteria, with twelve tasks written by us.
 */
import { starterConfig, type StarterSuite } from '../starter.ts';

/** Input, reference answer, grading criteria. */
const TASKS: [string, string, string][] = [
  [
    'A train leaves at 14:40 and the trip takes 1 hour 35 minutes. When does it arrive?',
    'It arrives at 16:15.',
    'The time must be 16:15. A short working (14:40 + 1:35) is welcome; a wrong time scores 1.',
  ],
  [
    'Rewrite this sentence in plain words for a ten-year-old: "Precipitation is anticipated to commence in the late afternoon."',
    'It will probably start raining late in the afternoon.',
    'Keeps the meaning (rain, late afternoon, likely) in simple everyday words; one sentence is best.',
  ],
  [
    'List three things to check before sending an email to a customer.',
    'The name is spelled right, the facts (dates, prices, order numbers) are correct, and any promised attachment is attached.',
    'Exactly three sensible checks, as a short list. More or fewer than three loses points.',
  ],
  [
    'What is 15% of 240? Answer with the number only.',
    '36',
    'The answer is 36 and nothing else; any extra words lose a point, a wrong number scores 1.',
  ],
  [
    'Summarise in one sentence: "The library will close for two weeks in August to replace its heating system. Books can be returned to the drop box at the town hall."',
    'The library closes for two weeks in August for new heating, and books can be returned at the town hall drop box.',
    'One sentence that keeps both facts: the two-week August closure (heating) and returns at the town hall.',
  ],
  [
    'Translate into French: "Where is the train station?"',
    'Où est la gare ?',
    'A correct and natural French question; "Où se trouve la gare ?" is equally good.',
  ],
  [
    'A shop sells pens at 3 for 2 euros. How much do 12 pens cost?',
    '8 euros.',
    'The total is 8 euros; the reasoning (12 pens are 4 groups of 3) may be given briefly.',
  ],
  [
    'Give a polite one-line reply declining a meeting on Friday and offering Monday instead.',
    'Thank you for the invitation; I cannot make Friday, but Monday would suit me if that works for you.',
    'Polite, one line, declines Friday and offers Monday.',
  ],
  [
    'Which is larger, 0.7 or 0.65? Explain in one sentence.',
    '0.7 is larger, because 0.70 is more than 0.65.',
    'Says 0.7 is larger with a correct one-sentence reason.',
  ],
  ['Name the planet closest to the sun.', 'Mercury.', 'Mercury; a short answer is best.'],
  [
    'Turn this into a numbered list: buy milk, call the plumber, pay the electricity bill.',
    '1. Buy milk\n2. Call the plumber\n3. Pay the electricity bill',
    'A numbered list with the three items in the given order and nothing else.',
  ],
  [
    'Correct the spelling in: "I recieved the pakage yesturday."',
    'I received the package yesterday.',
    'All three words corrected and nothing else changed.',
  ],
];

/** The starter suite: its entry, a floor on the mean score and what its sizing assumes. */
export const JUDGED_STARTER: StarterSuite = {
  providers: `  judge:                          # a different, stronger model grades the answers
    model: gpt-4o
    api-key-env: OPENAI_API_KEY
    temperature: 0
    seed: 7
`,
  entry: `  - name: assistant
    kind: judged
    provider: target
    judge: judge
    dataset: eval-datasets/assistant.jsonl   # input, reference, criteria per task
    templates:
      system: prompts/assistant-system.txt
      user: prompts/assistant-user.txt
    judge-language: en            # the built-in judge template's language (en or ja)
`,
  floor: { metric: 'score', min: 3.5, comment: 'the mean judge score, 1 to 5' },
  units: { count: TASKS.length, noun: 'cases' },
  // The SD of a case's paired change and the mean of the judge-like 1–5 scores of
  // bench/gate-calibration.ts at no change, from 200,000 simulated cases: 0.80 and 3.78.
  spread: {
    relativeSd: 0.8 / 3.78,
    assumption:
      "the 1–5 scores vary like the judge-like data of evalgate's calibration benchmark (a case's score moves by about 0.8 between two versions, around a mean of 3.8)",
  },
};

/** The starter files of a judged suite, by path relative to the repository root. */
export function judgedStarterFiles(): Record<string, string> {
  const dataset = TASKS.map(([input, reference, criteria], i) =>
    JSON.stringify({ id: `task-${String(i + 1).padStart(2, '0')}`, input, reference, criteria }),
  ).join('\n');
  return {
    'evalgate.yml': starterConfig(JUDGED_STARTER),
    'prompts/assistant-system.txt':
      'You are a careful assistant. Answer exactly what is asked, in the form asked for (a number, a list, one sentence), and nothing more.',
    'prompts/assistant-user.txt': '{input}',
    'eval-datasets/assistant.jsonl': `${dataset}\n`,
  };
}
