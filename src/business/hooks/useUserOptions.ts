import { useSelect } from '@refinedev/core';
import { businessPermission } from '../../../contract';
import { useWellKnownNames } from '../../common/hooks/useCaption';
import { IN_PRIMARY } from '../../common/lib/data-source';
import { SEARCH_FIELD } from '../../common/lib/query-params';
import type { BusinessRecord } from '../lib/business-record';

/** crudboard's own table of users (`cb_user`), whose ids the bookkeeping columns hold. */
export const USER_TABLE = 'user';

/** The `meta` of a read of users: on primary (where they live, whichever data source is open), checked. */
export const USER_READ_META = {
  ...IN_PRIMARY,
  requiredPermissions: [businessPermission(USER_TABLE, 'read')],
};

/**
 * Users as options of a searchable select (`name (username)`, valued by id), searched by keyword
 * through Refine's `useSelect`; read only while `enabled`. `selected` ids are read for their labels.
 */
export const useUserOptions = (enabled: boolean, selected: string[] = []) => {
  const names = useWellKnownNames();
  return useSelect<BusinessRecord>({
    resource: USER_TABLE,
    optionValue: (user) => String(user.id ?? ''),
    optionLabel: (user) => {
      const name = names.user(user as { username?: string; realname?: string });
      const username = typeof user.username === 'string' ? user.username : '';
      return username && username !== name ? `${name} (${username})` : name;
    },
    defaultValue: selected,
    onSearch: (keyword) => (keyword.trim() ? [{ field: SEARCH_FIELD, operator: 'eq', value: keyword }] : []),
    pagination: { currentPage: 1, pageSize: 20, mode: 'server' },
    meta: USER_READ_META,
    queryOptions: { enabled, retry: false },
    defaultValueQueryOptions: { enabled: enabled && selected.length > 0, retry: false },
    errorNotification: false,
    debounce: 300,
  });
};
