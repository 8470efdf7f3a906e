import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** A real OpenID provider (oidc-provider, dev interactions: any password) as a child process. */
export interface OidcProvider {
  issuer: string;
  stop: () => Promise<void>;
}

const repoRoot = resolve(import.meta.dirname, '../../..');
/** The server tests' provider, run as a program (the browser tests import nothing of the server). */
const script = 'server/test/helpers/oidc/oidc-provider-main.ts';

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((done) => child.once('exit', () => done()));

export const startOidcProvider = async (
  clients: { client_id: string; client_secret: string; redirect_uris: string[] }[],
  accounts: Record<string, Record<string, unknown>>,
): Promise<OidcProvider> => {
  const dir = mkdtempSync(join(tmpdir(), 'crudboard-oidc-e2e-'));
  const accountsFile = join(dir, 'accounts.json');
  writeFileSync(accountsFile, JSON.stringify(accounts));
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, OIDC_CLIENTS: JSON.stringify(clients), OIDC_ACCOUNTS_FILE: accountsFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.on('data', (data: Buffer) => (out += data.toString()));
  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`the OpenID provider did not start:\n${out}`)), 30_000);
    child.stdout?.on('data', (data: Buffer) => {
      out += data.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        done(Number(match[1]));
      }
    });
    child.once('exit', () => fail(new Error(`the OpenID provider exited:\n${out}`)));
  });
  return {
    issuer: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGKILL');
      await exited(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
