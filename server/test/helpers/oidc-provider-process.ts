import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** A client registered at the test provider. */
export interface TestOidcClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  post_logout_redirect_uris?: string[];
}

/** Claims of an account (its id is the login typed at the provider and its `sub`). */
export type TestAccounts = Record<string, Record<string, unknown>>;

/** The test OpenID provider (helpers/oidc/oidc-provider-main.ts) running as a child process. */
export interface OidcProviderProcess {
  issuer: string;
  /** Rewrites the accounts file: read again at the next sign-in. */
  setAccounts(accounts: TestAccounts): void;
  /** Bends the provider's clock (ms) or the audience of the ID tokens it issues (null: the client's). */
  adjust(settings: { clockOffsetMs?: number; idTokenAudience?: string | null }): Promise<void>;
  /** SIGKILL, and waits for the exit: the provider is down. */
  stop(): Promise<void>;
  output(): string;
}

const script = resolve(import.meta.dirname, 'oidc/oidc-provider-main.ts');

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((done) => child.once('exit', () => done()));

/** Starts the provider on 127.0.0.1 (random port) and waits until it listens. */
export const startOidcProvider = async (options: {
  clients: TestOidcClient[];
  accounts: TestAccounts;
  /** true: scope claims (groups too) are in userinfo only, not in the ID token. */
  claimsInUserinfoOnly?: boolean;
}): Promise<OidcProviderProcess> => {
  const dir = mkdtempSync(join(tmpdir(), 'crudboard-oidc-'));
  const accountsFile = join(dir, 'accounts.json');
  const setAccounts = (accounts: TestAccounts) => writeFileSync(accountsFile, JSON.stringify(accounts));
  setAccounts(options.accounts);
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      OIDC_CLIENTS: JSON.stringify(options.clients),
      OIDC_ACCOUNTS_FILE: accountsFile,
      OIDC_CONFORM: options.claimsInUserinfoOnly ? '1' : '0',
    },
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
  const issuer = `http://127.0.0.1:${port}`;
  return {
    issuer,
    setAccounts,
    adjust: async (settings) => {
      const response = await fetch(`${issuer}/test-admin`, {
        method: 'POST',
        body: JSON.stringify(settings),
      });
      if (!response.ok) throw new Error(`adjusting the provider failed: ${response.status}`);
    },
    stop: async () => {
      child.kill('SIGKILL');
      await exited(child);
      rmSync(dir, { recursive: true, force: true });
    },
    output: () => out,
  };
};

/** Cookies of one browser at the provider: name → value, ignoring paths and expiry. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Plays a browser at the provider: follows `authorizationUrl` through its login and consent forms
 * (dev interactions: any password), as `login`, until the provider redirects to `callbackPrefix`.
 * Returns that redirect: the callback URL with code and state.
 */
export const signInAtProvider = async (
  authorizationUrl: string,
  login: string,
  callbackPrefix: string,
): Promise<URL> => {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string> | undefined), cookie: jar.header() },
    });
    jar.take(response);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(callbackPrefix)) return next;
      url = next.href;
      init = {};
      continue;
    }
    const html = await response.text();
    const form = /<form[^>]*action="([^"]+)"[^>]*method="post">([\s\S]*?)<\/form>/.exec(html);
    if (!form)
      throw new Error(`no redirect and no form at ${url} (${response.status}):\n${html.slice(0, 2000)}`);
    const prompt = /name="prompt" value="([^"]+)"/.exec(form[2] ?? '')?.[1] ?? '';
    const fields = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login, password: 'any' } : {}) });
    url = new URL(form[1] ?? '', url).href;
    init = {
      method: 'POST',
      body: fields.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    };
  }
  throw new Error('the provider did not redirect back within 20 steps');
};
