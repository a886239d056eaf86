import { createRequire as __evalgateCreateRequire } from 'node:module';
const require = __evalgateCreateRequire(import.meta.url);
import {
  parseConfig
} from "./cli-chunk-IH3W6XZK.js";
import {
  ConfigError,
  kindOf,
  kinds
} from "./cli-chunk-WXMQQV57.js";

// src/core/init.ts
var WORKFLOW_OPENAI = `# evalgate: evaluate the prompt templates a pull request changes, comment once,
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
          path: ~/.cache/evalgate       # responses and the sandbox snapshot, outside the checkout
          key: evalgate-\${{ github.sha }}
          restore-keys: evalgate-
      - uses: evalgate/evalgate@v0
        env:
          OPENAI_API_KEY: \${{ secrets.OPENAI_API_KEY }}   # named by api-key-env in evalgate.yml
        with:
          config: evalgate.yml
          report-language: en         # or ja
          report-artifact: evalgate-report  # uploaded below; the comment points to its report.html
      - uses: actions/upload-artifact@v6
        if: \${{ !cancelled() }}
        with:
          name: evalgate-report
          path: evalgate-out
          overwrite: true

  # On the default branch (or by hand): evaluate every suite and propose the new
  # baselines as a pull request, reviewed like code. A protected branch takes no direct
  # push; when nothing changed, evalgate leaves the files byte for byte and no pull
  # request is opened. Allow it under Settings \u2192 Actions \u2192 "Allow GitHub Actions to
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
          path: ~/.cache/evalgate       # responses and the sandbox snapshot, outside the checkout
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
            gh pr create --head evalgate/refresh-baselines --title "Refresh evalgate baselines"               --body "New baselines from \${{ github.sha }}. Review the score changes in the diff before merging."
          fi
`;
var BASELINES_README = "Baselines live here: `evalgate run --update-baseline` (or the workflow's refresh-baselines job) writes `<suite>.json`; commit them and review their diffs like code.\n";
var GITIGNORE_LINES = [".evalgate/", "evalgate-out/"];
function initKinds() {
  return kinds().filter((k) => k.initExample !== void 0).map((k) => k.name);
}
function starterFiles(kind = initKinds()[0] ?? "") {
  const example = kindOf(kind).initExample;
  if (!example)
    throw new Error(`suite kind "${kind}" has no init example; evalgate init offers ${initKinds().join(", ")}`);
  return {
    ...example(),
    "baselines/README.md": BASELINES_README,
    ".github/workflows/evalgate.yml": WORKFLOW_OPENAI
  };
}

// src/cli/config-file.ts
import { readFile } from "node:fs/promises";
import { dirname } from "node:path";
async function readConfig(path) {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    const code = error.code;
    throw new ConfigError(
      { file: path },
      code === "ENOENT" ? `evalgate: ${path} does not exist. Run "evalgate init${dirname(path) === "." ? "" : ` --dir ${dirname(path)}`}" to write a starter config, templates, a small dataset and a workflow (--kind ${initKinds().join(", ")}), or pass --config FILE` : `evalgate: cannot read ${path} (${code ?? String(error)})`
    );
  }
}
async function readOptionalConfig(path, given) {
  let text;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if (!given && error.code === "ENOENT") return null;
    if (error.code === "ENOENT")
      throw new ConfigError(
        { file: path },
        `evalgate: --config ${path} does not exist; name an existing config, or leave --config out to use evalgate.yml when there is one (else the default gate)`
      );
    throw new ConfigError(
      { file: path },
      `evalgate: cannot read ${path} (${error.code ?? String(error)})`
    );
  }
  return parseConfig(text, path);
}

export {
  GITIGNORE_LINES,
  initKinds,
  starterFiles,
  readConfig,
  readOptionalConfig
};
