/**
 * `evalgate init --kind prompt`: a working prompt suite — a support-reply prompt, a small
 * CSV of customer messages, and assertions of several types, including a python check.
 */
import { binarySpread, starterConfig, type StarterSuite } from '../starter.ts';

const ENTRY = `  - name: support-reply
    kind: prompt
    provider: target
    dataset: eval-datasets/support-reply.csv   # every column is a {variable}
    templates:
      system: prompts/support-reply-system.txt
      user: prompts/support-reply-user.txt
    assert:                                   # a case passes when every assertion passes
      - type: is-json
        normalize: [strip-code-fence]
      - type: json-schema
        schema: checks/support-reply.schema.json
        normalize: [strip-code-fence]
      - type: contains
        name: names-the-order
        value: "{order}"
      - type: not-contains
        name: no-apology-template
        value: "we apologize for any inconvenience"
        normalize: [lowercase]
      - type: length
        max: 600
      - type: python
        name: polite-greeting
        file: checks/greeting.py
`;

const ROWS: [string, string, string][] = [
  ['Mika', 'A-1042', 'My parcel has not arrived after ten days.'],
  ['Jon', 'A-1043', 'The lamp I ordered came with a cracked shade.'],
  ['Priya', 'A-1044', 'Can I change the delivery address before it ships?'],
  ['Tomás', 'A-1045', 'I was charged twice for the same order.'],
  ['Aiko', 'A-1046', 'The size guide was wrong and the jacket is too small.'],
  ['Lena', 'A-1047', 'Is there a way to add gift wrapping now?'],
  ['Omar', 'A-1048', 'The tracking link shows an error page.'],
  ['Grace', 'A-1049', 'I would like to cancel one item of my order.'],
  ['Felix', 'A-1050', 'The invoice has my old company name on it.'],
  ['Noor', 'A-1051', 'One of the two chairs is missing from the box.'],
  ['Sven', 'A-1052', 'Can I return an item I bought on sale?'],
  ['Yuki', 'A-1053', 'The colour of the mug is not the one in the photo.'],
];

/** The starter suite: its entry, a floor on pass-rate and what its sizing assumes. */
export const PROMPT_STARTER: StarterSuite = {
  entry: ENTRY,
  floor: { metric: 'pass-rate', min: 0.8, comment: 'at least 80% of replies pass every assertion' },
  units: { count: ROWS.length, noun: 'cases' },
  spread: binarySpread(0.8, 0.12, "the binary data of evalgate's calibration benchmark"),
};

const csvField = (text: string): string => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The starter files of a prompt suite, by path relative to the repository root. */
export function promptStarterFiles(): Record<string, string> {
  const csv = [
    'id,customer,order,message',
    ...ROWS.map(([customer, order, message], i) =>
      [`ticket-${String(i + 1).padStart(2, '0')}`, customer, order, message].map(csvField).join(','),
    ),
  ].join('\n');
  return {
    'evalgate.yml': starterConfig(PROMPT_STARTER),
    'prompts/support-reply-system.txt':
      'You write replies for a shop\'s customer support. Answer with one JSON object and nothing else: {{"greeting": "...", "reply": "..."}}. The greeting addresses the customer by name. The reply is at most three sentences, names the order number, and says what happens next.',
    'prompts/support-reply-user.txt': 'Customer: {customer}\nOrder: {order}\nMessage: {message}',
    'eval-datasets/support-reply.csv': `${csv}\n`,
    'checks/support-reply.schema.json': `${JSON.stringify(
      {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        required: ['greeting', 'reply'],
        properties: { greeting: { type: 'string', minLength: 1 }, reply: { type: 'string', minLength: 1 } },
        additionalProperties: false,
      },
      null,
      2,
    )}\n`,
    'checks/greeting.py': `# Runs in evalgate's Pyodide sandbox: no files, no network, no environment.
import json


def check(output, vars):
    """Passes when the reply's greeting addresses the customer by name."""
    text = output.strip()
    if text.startswith("\`\`\`"):
        text = text.strip("\`").removeprefix("json").strip()
    try:
        greeting = json.loads(text).get("greeting", "")
    except (ValueError, AttributeError):
        return False
    return isinstance(greeting, str) and vars["customer"] in greeting
`,
  };
}
