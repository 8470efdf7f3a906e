import { statusOf } from '../../common/lib/http-error';

/**
 * Refine `errorNotification` for background loads: a 401 already produced the session-expired
 * notice, so no second one; other failures get Refine's usual error notification.
 */
export const quietOnUnauthorized = (error?: unknown) => {
  if (statusOf(error) === 401) return false as const;
  const message = (error as { message?: unknown } | undefined)?.message;
  return {
    message: typeof message === 'string' && message ? message : 'http request error',
    type: 'error' as const,
  };
};
