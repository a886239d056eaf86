// Every command's help against its parser, in-process: each option the help lists is
// accepted and changes what the command does, each default the help shows is the value
// the parser applies (or, when it is worked out later, said in words), and an option the
// help shows no default for gets none behind the user's back.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMMANDS, commandHelp, parseCommand } from '../../src/cli/args.ts';
import { initKinds } from '../../src/core/init.ts';

/** What each command cannot be parsed without. */
const REQUIRED: Readonly<Record<string, readonly string[]>> = {
  compare: ['--baseline', 'b', '--candidate', 'c'],
  merge: ['part-1'],
  rejudge: ['--results', 'r.json'],
  matrix: ['--providers', 'a,b'],
  'dataset exact-copy': ['--from', 's.json', '--out', 'o.jsonl'],
};
/** A valid value for the options whose values are checked while parsing. */
const SAMPLE: Readonly<Record<string, string>> = {
  language: 'ja',
  shard: '2/4',
  'max-calls': '5',
  'max-cost': '2.5',
  limit: '7',
  providers: 'x,y',
  n: '9',
  seed: '3',
  kind: initKinds()[1] ?? '',
};
/** The field an option sets, where it is not the option's name in camelCase. */
const FIELD: Readonly<Record<string, string>> = { suite: 'suites', judge: 'judges' };
const fieldOf = (option: string): string =>
  FIELD[option] ?? option.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

describe('help and parser agree', () => {
  for (const spec of COMMANDS) {
    it(`${spec.name}: the options its help lists are the ones it takes, with the defaults it applies`, () => {
      const words = spec.name.split(' ');
      const required = REQUIRED[spec.name] ?? [];
      const bare = parseCommand([...words, ...required]) as unknown as Record<string, unknown>;
      const help = commandHelp(spec);
      const listed = [...help.matchAll(/^ {2}--([a-z-]+)/gm)].map((m) => m[1] as string).filter((n) => n !== 'help');
      assert.deepEqual(listed.sort(), Object.keys(spec.options).sort(), 'help lists exactly the options of the table');
      for (const name of listed) {
        const option = spec.options[name];
        assert.ok(option);
        const field = fieldOf(name);
        assert.ok(field in bare, `--${name} sets ${field} of the ${spec.name} command`);
        // Accepted, and it makes a difference.
        const args = option.type === 'boolean' ? [`--${name}`] : [`--${name}`, SAMPLE[name] ?? 'given'];
        const given = parseCommand([...words, ...required, ...args]) as unknown as Record<string, unknown>;
        assert.notDeepEqual(given[field], bare[field], `--${name} changes ${field}`);
        if (required.includes(`--${name}`)) continue;
        const applied = bare[field];
        const shown = help.split('\n').find((l) => l.startsWith(`  --${name} `) || l === `  --${name}`) ?? '';
        if (option.default === undefined) {
          // No default shown: nothing is filled in (the command decides from nothing given).
          assert.ok(
            applied === null || applied === false || (Array.isArray(applied) && applied.length === 0),
            `--${name} shows no default but the parser applies ${JSON.stringify(applied)}`,
          );
          assert.doesNotMatch(shown, /default:/);
        } else if (typeof applied === 'string' || typeof applied === 'number') {
          assert.equal(String(applied), option.default, `--${name}: the default shown is the one applied`);
          assert.ok(shown.includes(`default: ${option.default})`), shown);
        } else {
          // Worked out when the command runs (beside the config, from the config): said in words.
          assert.equal(applied, null, `--${name}`);
          assert.match(option.default, / /, `--${name}: a default applied later is described, not a bare value`);
        }
      }
    });
  }
});
