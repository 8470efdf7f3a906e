import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { vi } from 'vitest';

export type Reply =
  | { status: number; data?: unknown; statusText?: string }
  | { error: 'timeout' | 'network'; message?: string };

/** An axios adapter returning canned replies in order; it throws if called more often than expected. */
export const createFakeAdapter = (...replies: Reply[]) => {
  const queue = [...replies];
  const adapter = vi.fn(async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const reply = queue.shift();
    if (!reply) throw new Error(`adapter called unexpectedly: ${config.method} ${config.url}`);
    if ('error' in reply) {
      throw reply.error === 'timeout'
        ? new AxiosError(reply.message ?? 'timeout of 1000ms exceeded', AxiosError.ECONNABORTED, config)
        : new AxiosError(reply.message ?? 'Network Error', AxiosError.ERR_NETWORK, config);
    }
    const response: AxiosResponse = {
      status: reply.status,
      statusText: reply.statusText ?? '',
      data: reply.data,
      headers: {},
      config,
    };
    if (reply.status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${reply.status}`,
        'ERR_BAD_RESPONSE',
        config,
        null,
        response,
      );
    }
    return response;
  });
  return adapter as typeof adapter & AxiosAdapter;
};
