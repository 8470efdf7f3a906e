import type { AxiosRequestConfig } from 'axios';
import { vi } from 'vitest';
import type { HttpClient } from '../../packages/client/src/data-provider';

export interface Expected {
  method: string;
  url: string;
  reply: unknown;
}

/**
 * An HttpClient for the data provider that answers only the listed calls (matched by method
 * and url) and throws on anything else, so a test fails loudly on an unexpected request.
 */
export const createFakeHttpClient = (expected: Expected[]) => {
  const request = vi.fn(async (config: AxiosRequestConfig) => {
    const method = (config.method ?? 'get').toLowerCase();
    const match = expected.find((e) => e.method === method && e.url === config.url);
    if (!match) throw new Error(`unexpected request: ${method.toUpperCase()} ${config.url}`);
    return { data: match.reply };
  });
  const http = { request } as unknown as HttpClient;
  const call = (url: string, method = 'get') => {
    const found = request.mock.calls.find(([c]) => c.url === url && (c.method ?? 'get') === method);
    if (!found) throw new Error(`no ${method} ${url} was sent`);
    return found[0];
  };
  return { http, request, call };
};
