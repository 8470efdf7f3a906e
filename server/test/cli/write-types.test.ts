import { execFile } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_OUT, DEFAULT_SERVER, parseTypesArgs, regenerateCommand } from '../../src/cli/write-types';
import { createToken } from '../helpers/api-tokens';
import { apiClient, createTableViaApi, SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

const repoRoot = resolve(import.meta.dirname, '../../..');
const example = join(repoRoot, 'examples/plain-refine/src');

describe('npm run types: options', () => {
  const parse = (argv: string[], env: Record<string, string> = {}) => parseTypesArgs(argv, env, '/work/app');

  it('takes the server and the token from the environment, with flags winning', () => {
    expect(parse([], { CRUDBOARD_TOKEN: 't1' })).toEqual({
      url: DEFAULT_SERVER,
      credentials: { token: 't1' },
      dataSource: 'primary',
      out: DEFAULT_OUT,
      outPath: `/work/app/${DEFAULT_OUT}`,
      system: false,
      check: false,
    });
    const options = parse(
      [
        '--url',
        'https://crud.example.com',
        '--token',
        't2',
        '--out',
        '../types.ts',
        '--data-source',
        'sales',
      ],
      { CRUDBOARD_TOKEN: 't1', CRUDBOARD_SERVER: 'http://other:8080' },
    );
    expect(options).toMatchObject({
      url: 'https://crud.example.com',
      credentials: { token: 't2' },
      outPath: '/work/types.ts',
      dataSource: 'sales',
    });
  });

  it('signs in with a username and the password from the environment', () => {
    expect(parse(['--username', 'ann'], { CRUDBOARD_PASSWORD: 'pw', CRUDBOARD_TOKEN: 't' })).toMatchObject({
      credentials: { username: 'ann', password: 'pw' },
    });
    expect(parse(['--username', 'ann'])).toEqual({
      problem: 'set CRUDBOARD_PASSWORD (or --password) to sign in as ann',
    });
  });

  it('says what is missing or wrong', () => {
    expect(parse([])).toEqual({ problem: expect.stringContaining('give an API token') });
    expect(parse(['--url', 'ftp://x'], { CRUDBOARD_TOKEN: 't' })).toEqual({
      problem: '--url must be an http or https address, not ftp://x',
    });
    expect(parse(['--nope'])).toEqual({ problem: expect.stringContaining("'--nope'") });
    expect(parse(['--help'])).toEqual({ help: true });
  });

  it('shows how to regenerate without any credential', () => {
    const options = parse(
      ['--url', 'http://ann:secret@crud.example.com/', '--system', '--data-source', 'sales', '--out', 'a.ts'],
      { CRUDBOARD_TOKEN: 'token-value' },
    );
    if (!('url' in options)) throw new Error('options expected');
    expect(regenerateCommand(options)).toBe(
      'npm run types -- --url http://crud.example.com --data-source sales --system --out a.ts',
    );
  });
});

/** Runs a command; its exit code and output, never a rejection. */
const run = (file: string, args: string[], env: Record<string, string> = {}) =>
  new Promise<{ code: number; output: string }>((done) => {
    const { CRUDBOARD_USERNAME: _u, CRUDBOARD_PASSWORD: _p, ...base } = process.env;
    execFile(
      file,
      args,
      { cwd: repoRoot, env: { ...base, ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        done({ code, output: `${stdout}${stderr}` });
      },
    );
  });

/** The text after the header comment (the header names the command, with the server's address). */
const afterHeader = (text: string): string => text.slice(text.indexOf('*/') + 2);

describeEachDatabase(
  'npm run types against a running server ($name)',
  (db) => {
    const apps = useTestApps(db);

    it('types the example against the server: a renamed column fails its type check, naming the column', async () => {
      const app = await apps.build({ logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`;
      const api = apiClient(app, (await login(app)).cookie);
      // the sample table of the example's browser test (tests/e2e/plain-refine-example.test.ts)
      const product = await createTableViaApi(api, {
        name: 'product',
        pluralName: 'products',
        tableName: 'product',
        caption: '产品',
        columns: [
          ...SYSTEM_COLUMNS,
          { name: 'price', caption: '价格', dataType: 'INT', queryable: true, displayable: true },
        ].map((column, i) => ({ displayOrder: i, ...column })),
      });
      const { token } = await createToken(api, { name: 'types', permissions: ['business:product:read'] });

      // the example's typed page, beside types generated from this server
      const project = mkdtempSync(join(tmpdir(), 'crudboard-types-'));
      try {
        mkdirSync(join(project, 'src'));
        for (const file of ['PricesPage.tsx', 'texts.ts'])
          copyFileSync(join(example, file), join(project, 'src', file));
        symlinkSync(join(repoRoot, 'node_modules'), join(project, 'node_modules'), 'dir');
        writeFileSync(
          join(project, 'tsconfig.json'),
          JSON.stringify({
            extends: join(repoRoot, 'tsconfig.base.json'),
            compilerOptions: { lib: ['ES2023', 'DOM'], jsx: 'react-jsx', types: [] },
            include: ['src'],
          }),
        );
        const out = join(project, 'src/crudboard-types.ts');
        const types = (...more: string[]) =>
          run(
            join(repoRoot, 'node_modules/.bin/tsx'),
            ['server/src/cli/write-types.ts', '--url', url, '--out', out, ...more],
            {
              CRUDBOARD_TOKEN: token,
            },
          );
        const typeCheck = () =>
          run(process.execPath, [
            join(repoRoot, 'node_modules/typescript/bin/tsc'),
            '-p',
            project,
            '--pretty',
            'false',
          ]);

        const written = await types();
        expect(written, written.output).toMatchObject({
          code: 0,
          output: expect.stringContaining('1 table'),
        });
        const text = readFileSync(out, 'utf8');
        expect(text).toContain(`npm run types -- --url ${url} --out ${out}`);
        // what the example holds is what the CLI writes for that table
        expect(afterHeader(text)).toBe(
          afterHeader(readFileSync(join(example, 'crudboard-types.ts'), 'utf8')),
        );
        const passing = await typeCheck();
        expect(passing, passing.output).toMatchObject({ code: 0 });
        expect(await types('--check')).toMatchObject({ code: 0 });

        const renamed = await api.patch(`/api/metadata/tables/${String(product.id)}`, {
          ...product,
          columns: product.columns.map((column: { name: string }) =>
            column.name === 'price' ? { ...column, name: 'unitPrice' } : column,
          ),
        });
        expect(renamed.statusCode, renamed.body).toBe(200);
        const stale = await types('--check');
        expect(stale).toMatchObject({
          code: 1,
          output: expect.stringContaining('is stale: run npm run types'),
        });
        expect(await types()).toMatchObject({ code: 0 });
        expect(readFileSync(out, 'utf8')).toContain('unitPrice: number | null;');
        const failing = await typeCheck();
        expect(failing.code).not.toBe(0);
        expect(failing.output).toMatch(/src\/PricesPage\.tsx\(\d+,\d+\): error TS\d+: .*'price'/);
        expect(failing.output).toContain("Property 'price' does not exist on type 'ProductRecord'");
      } finally {
        rmSync(project, { recursive: true, force: true });
      }
    }, 180_000);

    it('says why when the server refuses the token or cannot be reached', async () => {
      const app = await apps.build({ logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`;
      const tsx = join(repoRoot, 'node_modules/.bin/tsx');
      const out = join(tmpdir(), `crudboard-types-${String(process.pid)}.ts`);
      const refused = await run(tsx, ['server/src/cli/write-types.ts', '--url', url, '--out', out], {
        CRUDBOARD_TOKEN: 'not-a-token',
      });
      expect(refused).toMatchObject({
        code: 1,
        output: expect.stringContaining('the API token was refused'),
      });
      await app.close();
      const unreachable = await run(tsx, ['server/src/cli/write-types.ts', '--url', url, '--out', out], {
        CRUDBOARD_TOKEN: 'not-a-token',
      });
      expect(unreachable).toMatchObject({
        code: 1,
        output: expect.stringContaining(`cannot reach a crudboard server at ${url}`),
      });
    }, 60_000);
  },
  (db) => db.name === 'sqlite',
);
