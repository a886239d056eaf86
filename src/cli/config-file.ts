/**
 * Reading the config named by --config. Most commands need one; `compare`, `merge` and
 * `history` also work without: there the default evalgate.yml is used when it exists, and
 * the default gate applies when it does not. A --config the user typed is never skipped:
 * a typo must not silently swap the repository's gates for the defaults.
 */
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseConfig, type LoadedConfig } from '../core/config/load.ts';
import { ConfigError } from '../core/errors.ts';
import { initKinds } from '../core/init.ts';

/** The text of a required config; a missing or unreadable one is a ConfigError that says what to do. */
export async function readConfig(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(
      { file: path },
      code === 'ENOENT'
        ? `evalgate: ${path} does not exist. Run "evalgate init${dirname(path) === '.' ? '' : ` --dir ${dirname(path)}`}" to write a starter config, templates, a small dataset and a workflow (--kind ${initKinds().join(', ')}), or pass --config FILE`
        : `evalgate: cannot read ${path} (${code ?? String(error)})`,
    );
  }
}

/**
 * The config of a command that can run without one: null when `path` is the default and
 * does not exist; a --config the user `given` must exist, and any config found must be valid.
 */
export async function readOptionalConfig(path: string, given: boolean): Promise<LoadedConfig | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (!given && (error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new ConfigError(
        { file: path },
        `evalgate: --config ${path} does not exist; name an existing config, or leave --config out to use evalgate.yml when there is one (else the default gate)`,
      );
    throw new ConfigError(
      { file: path },
      `evalgate: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    );
  }
  return parseConfig(text, path);
}
