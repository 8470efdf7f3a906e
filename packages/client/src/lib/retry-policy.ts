import { statusOf } from './http-error';

export const MAX_QUERY_RETRIES = 2;

/**
 * Whether a failed query is worth another try: network failures and 5xx are, up to twice;
 * a 4xx answer (expired session, forbidden, not found, bad request) will not change by asking again.
 */
export const shouldRetryQuery = (failureCount: number, error: unknown): boolean => {
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < MAX_QUERY_RETRIES;
};

/**
 * TanStack Query's default options with this policy, for an app that makes its own QueryClient:
 * `new QueryClient({ defaultOptions: QUERY_DEFAULTS })`. `client.refineOptions` carries the same
 * for `<Refine options>`.
 */
export const QUERY_DEFAULTS = { queries: { retry: shouldRetryQuery } } as const;
