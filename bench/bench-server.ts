import type { AddressInfo } from 'node:net';
import { buildApp, type App } from '../server/src/app';
import type { AppConfig } from '../server/src/config';
import { BENCH_PASSWORD } from './bench-target';

/** The app listening on a free local port, with one signed-in session. */
export interface BenchServer {
  app: App;
  url: string;
  cookie: string;
  /** A request with the session cookie; throws unless the status is `expect` (default 2xx). */
  call(method: string, path: string, body?: unknown, expect?: number): Promise<unknown>;
  close(): Promise<void>;
}

const login = async (url: string): Promise<string> => {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'superadmin', password: BENCH_PASSWORD }).toString(),
  });
  const setCookie = response.headers.getSetCookie()[0];
  if (response.status !== 200 || !setCookie) {
    throw new Error(`login failed: ${response.status} ${await response.text()}`);
  }
  return setCookie.split(';')[0] ?? '';
};

/**
 * fetch, sent again once when the connection failed: a kept-alive socket left idle through a long
 * bulk load may have been closed by the server just as it is reused.
 */
const fetchRetried = async (url: string, init: RequestInit): Promise<Response> => {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
};

/** Builds the app as `npm run serve` would (no logger, no web app) and listens on 127.0.0.1. */
export const startBenchServer = async (config: AppConfig): Promise<BenchServer> => {
  const app = await buildApp(config, { webRoot: '/nonexistent-web-root' });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}`;
    const cookie = await login(url);
    const call = async (method: string, path: string, body?: unknown, expect?: number) => {
      const response = await fetchRetried(`${url}${path}`, {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      const ok = expect === undefined ? response.ok : response.status === expect;
      if (!ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
      return text === '' ? undefined : (JSON.parse(text) as unknown);
    };
    return { app, url, cookie, call, close: () => app.close() };
  } catch (error) {
    await app.close();
    throw error;
  }
};
