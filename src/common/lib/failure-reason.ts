import { statusOf } from './http-error';

/**
 * The reason a failed load shows: the error's message; for a request that got no answer at all
 * (status 0: server stopped, network down) first a sentence saying so, as "Network Error" alone
 * tells a user little.
 */
export const failureReason = (error: unknown, unreachable: string): string | undefined => {
  const message = (error as { message?: unknown } | null)?.message;
  const text = typeof message === 'string' && message.trim() !== '' ? message : undefined;
  if (statusOf(error) !== 0) return text;
  return text ? `${unreachable} (${text})` : unreachable;
};
