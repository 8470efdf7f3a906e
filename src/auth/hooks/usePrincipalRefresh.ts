import { useApiUrl, useCustom } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Principal } from '../../../contract';
import { principalCall } from '../../providers/app-calls';
import { appSession } from '../../store/session';

/** How often an open session asks again what the signed-in user may do. */
export const PRINCIPAL_REFRESH_MS = 60_000;

/**
 * Keeps what the web app knows of the signed-in user's rights current, so that a permission change
 * reaches open sessions (the permission screen says it takes effect at once): asks
 * `GET /api/users/me` every minute and when the window gets focus again; when the roles or
 * permissions differ from the stored ones, stores them and refreshes every loaded answer (menus,
 * the access-control provider's answers, lists), so nothing shows a refusal next to data the user
 * may now read, or offers what they may no longer do.
 */
export const usePrincipalRefresh = (): void => {
  const apiUrl = useApiUrl();
  const queryClient = useQueryClient();
  const { result } = useCustom<Principal>({
    ...principalCall(apiUrl),
    errorNotification: false,
    queryOptions: {
      refetchInterval: PRINCIPAL_REFRESH_MS,
      refetchOnWindowFocus: 'always',
      retry: false,
    },
  });
  const principal = result.data;
  useEffect(() => {
    if (!principal?.username || principal.username !== appSession.getUserInfo()?.username) return;
    const before = JSON.stringify(appSession.getPermission());
    appSession.saveUserInfo(principal);
    if (JSON.stringify(appSession.getPermission()) === before) return;
    // everything loaded under the old rights is asked again (this query too, which finds no change)
    void queryClient.invalidateQueries();
  }, [principal, queryClient]);
};
