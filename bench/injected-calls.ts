import type { App } from '../server/src/app';
import { BENCH_PASSWORD } from './bench-target';

/**
 * Signs the benchmark's super admin in to `app` (in this process, through Fastify's inject) and
 * returns a caller of its API that throws on any answer of 300 or more.
 */
export const injectedCalls = async (app: App) => {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: new URLSearchParams({ username: 'superadmin', password: BENCH_PASSWORD }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
  return async (method: 'POST' | 'PATCH', url: string, payload: object) => {
    const response = await app.inject({ method, url, payload, headers: { cookie } });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
};
