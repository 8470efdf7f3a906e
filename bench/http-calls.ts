import type { App } from '../server/src/app';
import { BENCH_PASSWORD } from './bench-target';

/**
 * Like `injectedCalls`, over a real connection: `app` listens on a free port of 127.0.0.1 and the
 * calls go through Node's fetch (one kept-alive connection), as a script or browser would send them.
 */
export const httpCalls = async (app: App) => {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const login = await fetch(`${address}/api/auth/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: 'superadmin', password: BENCH_PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return async (method: 'POST' | 'PATCH', url: string, payload: object) => {
    const response = await fetch(`${address}${url}`, {
      method,
      body: JSON.stringify(payload),
      headers: { cookie, 'content-type': 'application/json' },
    });
    const body = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${body}`);
    return response;
  };
};
