/**
 * `evalgate init`: the files a repository needs to start — a config with one exact-copy
 * suite, its templates and a small dataset written by us, and the workflow that runs the
 * action on pull requests and refreshes baselines on the default branch.
 */
import { promptKind } from './kinds/prompt/index.ts'; // wiring: prompt kind

/** The example workflow (also shipped as examples/workflows/openai.yml). */
export const WORKFLOW_OPENAI = `# evalgate: evaluate the prompt templates a pull request changes, comment once,
# and fail the check when a metric really drops by more than 5%.
#
# In your copy, pin every action to a full commit SHA with the version as a comment
# (uses: actions/checkout@<40-character sha> # v5): a tag can be moved to other code, a
# SHA cannot. Dependabot keeps pinned SHAs up to date.
name: evalgate
on:
  pull_request:
  push:
    branches: [main]
  workflow_dispatch:
permissions: {}                     # each job asks for what it needs, nothing more
concurrency:                        # a new push cancels the run it makes obsolete,
  group: evalgate-\${{ github.ref }} # so two runs never race to write the comment
  cancel-in-progress: true
jobs:
  evaluate:
    if: github.event_name == 'pull_request'
    runs-on: ubuntu-latest
    permissions:
      contents: read
      pull-requests: write          # to post and update the one report comment
    steps:
      - uses: actions/checkout@v5
        with:
          fetch-depth: 0              # evalgate diffs the PR against its base commit
          persist-credentials: false  # no token left on disk for anything else to read
      - uses: actions/cache@v5        # unchanged calls are free; the sandbox starts from its snapshot
        with:
          path: |
            .evalgate/cache
            ~/.cache/evalgate
          key: evalgate-\${{ github.sha }}
          restore-keys: evalgate-
      - uses: evalgate/evalgate@v0
        env:
          OPENAI_API_KEY: \${{ secrets.OPENAI_API_KEY }}   # named by api-key-env in evalgate.yml
        with:
          config: evalgate.yml
          report-language: en         # or ja
      - uses: actions/upload-artifact@v6
        if: \${{ !cancelled() }}
        with:
          name: evalgate-report
          path: evalgate-out
          overwrite: true

  # On the default branch (or by hand): evaluate every suite and propose the new
  # baselines as a pull request, reviewed like code. A protected branch takes no direct
  # push; when nothing changed, evalgate leaves the files byte for byte and no pull
  # request is opened. Allow it under Settings → Actions → "Allow GitHub Actions to
  # create and approve pull requests". (Pull requests opened with the workflow's token
  # start no workflows; close and reopen it, or use a GitHub App's token, to run checks.)
  refresh-baselines:
    if: github.event_name != 'pull_request'
    runs-on: ubuntu-latest
    permissions:
      contents: write               # to push the evalgate/refresh-baselines branch
      pull-requests: write          # to open or update its pull request
    steps:
      - uses: actions/checkout@v5
      - uses: actions/cache@v5
        with:
          path: |
            .evalgate/cache
            ~/.cache/evalgate
          key: evalgate-\${{ github.sha }}
          restore-keys: evalgate-
      - uses: evalgate/evalgate@v0
        env:
          OPENAI_API_KEY: \${{ secrets.OPENAI_API_KEY }}
        with:
          mode: baseline
      - name: Open or update the baseline pull request
        env:
          GH_TOKEN: \${{ github.token }}
        run: |
          git add baselines
          if git diff --cached --quiet; then echo "Baselines unchanged; nothing to propose."; exit 0; fi
          git config user.name "github-actions[bot]"
          git config user.email "41898282+github-actions[bot]@users.noreply.github.com"
          git commit -m "Refresh evalgate baselines"
          git push --force origin HEAD:refs/heads/evalgate/refresh-baselines
          if [ -z "$(gh pr list --head evalgate/refresh-baselines --state open --json number --jq '.[].number')" ]; then
            gh pr create --head evalgate/refresh-baselines --title "Refresh evalgate baselines" \
              --body "New baselines from \${{ github.sha }}. Review the score changes in the diff before merging."
          fi
`;

const STARTER_CONFIG = `# yaml-language-server: $schema=https://evalgate.dev/evalgate.schema.json
# evalgate configuration. Reference: the evalgate README.
version: 1
providers:
  target:
    model: gpt-4o-mini
    api-key-env: OPENAI_API_KEY   # the NAME of the variable that holds the key
    temperature: 0
    seed: 7
suites:
  - name: copy-qa
    kind: exact-copy
    provider: target
    dataset: eval-datasets/copy-qa.jsonl
    templates:
      system: prompts/copy-qa-system.txt
      user: prompts/copy-qa-user.txt
gate:
  max-drop: 0.05
  confidence: 0.95
`;

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

const BASELINES_README =
  "Baselines live here: `evalgate run --update-baseline` (or the workflow's refresh-baselines job) writes `<suite>.json`; commit them and review their diffs like code.\n";

/** The lines `evalgate init` adds to .gitignore: the response cache and the run output. */
export const GITIGNORE_LINES: readonly string[] = ['.evalgate/', 'evalgate-out/'];

/** The suite kinds `evalgate init --kind` can start with. */
export const INIT_KINDS = ['exact-copy', 'prompt'] as const; // wiring: prompt kind

/** The starter files, by path relative to the repository root. */
export function starterFiles(kind: (typeof INIT_KINDS)[number] = 'exact-copy'): Record<string, string> {
  // wiring: prompt kind
  if (kind === 'prompt')
    return {
      ...promptKind.initExample(),
      'baselines/README.md': BASELINES_README,
      '.github/workflows/evalgate.yml': WORKFLOW_OPENAI,
    };
  const dataset = LINES.map(([answer, question, other], i) => {
    const context = [other, answer, LINES[(i + 5) % LINES.length]?.[2] ?? other].join('\n');
    return JSON.stringify({ id: `starter-${String(i + 1).padStart(2, '0')}`, question, context, expected: answer });
  }).join('\n');
  return {
    'evalgate.yml': STARTER_CONFIG,
    'prompts/copy-qa-system.txt':
      'You will be given three lines of text between <context> tags, followed by a question.\nExactly one of the three lines answers the question. Reply with that line, copied character for character: no quotes, no labels, no explanation, nothing before or after it.',
    'prompts/copy-qa-user.txt': '<context>\n{context}\n</context>\n\nQuestion: {question}',
    'eval-datasets/copy-qa.jsonl': `${dataset}\n`,
    'baselines/README.md': BASELINES_README,
    '.github/workflows/evalgate.yml': WORKFLOW_OPENAI,
  };
}
