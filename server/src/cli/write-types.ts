/**
 * `npm run types`: writes TypeScript record types of the tables of a running crudboard server
 * (docs/extending.md, "Typed resources"). Reads the server over HTTP with an API token or a
 * username and password; `--check` writes nothing and exits 1 when the file is stale.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readTableMetadata, type ServerCredentials } from '../typegen/read-table-metadata';
import { renderResourceTypes } from '../typegen/render-resource-types';

export const DEFAULT_SERVER = 'http://127.0.0.1:8080';
export const DEFAULT_OUT = 'src/generated/crudboard-types.ts';

const USAGE = `Usage: npm run types -- [options]

Writes TypeScript record types of the tables of a running crudboard server.

  --url <url>           the server (env CRUDBOARD_SERVER; default ${DEFAULT_SERVER})
  --token <token>       a personal API token (env CRUDBOARD_TOKEN)
  --username <name>     sign in with a password instead (env CRUDBOARD_USERNAME;
                        the password from env CRUDBOARD_PASSWORD or --password)
  --data-source <name>  the data source whose tables are described (default primary)
  --out <file>          where to write (default ${DEFAULT_OUT}; a relative path is taken
                        from the directory npm was run in)
  --system              describe crudboard's own tables (users, roles...) too
  --check               write nothing; exit 1 when the file differs from what the server gives
`;

export interface TypesOptions {
  url: string;
  credentials: ServerCredentials;
  dataSource: string;
  /** As given (shown in the file's header). */
  out: string;
  /** Where the file goes. */
  outPath: string;
  system: boolean;
  check: boolean;
}

/** The options of a command line and environment, or what is wrong with them. */
export const parseTypesArgs = (
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): TypesOptions | { help: true } | { problem: string } => {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        url: { type: 'string' },
        token: { type: 'string' },
        username: { type: 'string' },
        password: { type: 'string' },
        'data-source': { type: 'string' },
        out: { type: 'string' },
        system: { type: 'boolean' },
        check: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return { help: true };
  const url = values.url ?? env.CRUDBOARD_SERVER ?? DEFAULT_SERVER;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('not http');
  } catch {
    return { problem: `--url must be an http or https address, not ${url}` };
  }
  const token = values.token ?? env.CRUDBOARD_TOKEN;
  const username = values.username ?? env.CRUDBOARD_USERNAME;
  const password = values.password ?? env.CRUDBOARD_PASSWORD;
  let credentials: ServerCredentials;
  if (username) {
    if (!password) return { problem: `set CRUDBOARD_PASSWORD (or --password) to sign in as ${username}` };
    credentials = { username, password };
  } else if (token) credentials = { token };
  else
    return {
      problem:
        'give an API token (--token or CRUDBOARD_TOKEN) or a username (--username, CRUDBOARD_PASSWORD)',
    };
  const out = values.out ?? DEFAULT_OUT;
  return {
    url,
    credentials,
    dataSource: values['data-source'] ?? 'primary',
    out,
    outPath: isAbsolute(out) ? out : resolve(cwd, out),
    system: values.system ?? false,
    check: values.check ?? false,
  };
};

/** The command that writes the file again: the options that shape it, never a credential. */
export const regenerateCommand = (options: TypesOptions): string => {
  const parts = ['npm run types --'];
  if (options.url !== DEFAULT_SERVER) {
    const shown = new URL(options.url);
    shown.username = '';
    shown.password = '';
    parts.push(`--url ${shown.href.replace(/\/$/, '')}`);
  }
  if (options.dataSource !== 'primary') parts.push(`--data-source ${options.dataSource}`);
  if (options.system) parts.push('--system');
  parts.push(`--out ${options.out}`);
  return parts.join(' ');
};

/**
 * The source as prettier formats it with the settings that apply at `outPath` (else crudboard's);
 * as rendered where prettier is not installed (the renderer writes prettier's layout already).
 */
const formatted = async (source: string, outPath: string): Promise<string> => {
  let prettier: typeof import('prettier');
  try {
    prettier = await import('prettier');
  } catch {
    return source;
  }
  const config =
    (await prettier.resolveConfig(outPath)) ?? (await prettier.resolveConfig(import.meta.filename));
  return prettier.format(source, { ...config, parser: 'typescript' });
};

/** The file's text for a server, formatted with the prettier settings that apply where it goes. */
export const currentResourceTypes = async (
  options: TypesOptions,
): Promise<{ text: string; tables: number }> => {
  const metadata = await readTableMetadata(options);
  const source = renderResourceTypes({
    ...metadata,
    dataSource: options.dataSource,
    system: options.system,
    regenerate: regenerateCommand(options),
  });
  const text = await formatted(source, options.outPath);
  const tables = metadata.tables.filter((table) => options.system || !table.systemable).length;
  return { text, tables };
};

const main = async (): Promise<number> => {
  const options = parseTypesArgs(process.argv.slice(2), process.env, process.env.INIT_CWD ?? process.cwd());
  if ('help' in options) {
    console.log(USAGE);
    return 0;
  }
  if ('problem' in options) {
    console.error(`crudboard: ${options.problem}\n\n${USAGE}`);
    return 2;
  }
  const { text, tables } = await currentResourceTypes(options);
  if (options.check) {
    const stale = !existsSync(options.outPath) || readFileSync(options.outPath, 'utf8') !== text;
    if (stale) console.error(`${options.outPath} is stale: run ${regenerateCommand(options)}`);
    return stale ? 1 : 0;
  }
  mkdirSync(dirname(options.outPath), { recursive: true });
  writeFileSync(options.outPath, text);
  console.log(`wrote ${options.outPath}: ${String(tables)} table${tables === 1 ? '' : 's'}`);
  return 0;
};

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  await main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('crudboard: types not written:', error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
