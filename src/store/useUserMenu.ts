import { useApiUrl, useCustom } from '@refinedev/core';
import type { MenuItem } from '../../contract';
import { quietOnUnauthorized } from '../auth/lib/quiet-on-unauthorized';
import { userMenuCall } from '../providers/app-calls';

const NO_MENU: MenuItem[] = [];

/** Menu codes of the signed-in user (`GET /api/users/me/menu`). */
export const useUserMenu = () => {
  const apiUrl = useApiUrl();
  const { result, query } = useCustom<MenuItem[]>({
    ...userMenuCall(apiUrl),
    errorNotification: quietOnUnauthorized,
  });
  const items = Array.isArray(result.data) ? result.data : NO_MENU;
  return { items, codes: items.map((item) => item.code), isLoading: query.isLoading, isError: query.isError };
};
