import { useCan, useSelect } from '@refinedev/core';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { businessPermission } from '../../../contract';
import { useWellKnownNames } from '../../common/hooks/useCaption';
import { SEARCH_FIELD } from '../../common/lib/query-params';
import { IN_PRIMARY } from '../../common/lib/data-source';
import type { BusinessRecord } from '../lib/business-record';

/** crudboard's own table of users (`cb_user`), whose ids the bookkeeping columns hold. */
export const USER_TABLE = 'user';

/** The `meta` of a read of users: on primary (where they live, whichever data source is open), checked. */
export const USER_READ_META = {
  ...IN_PRIMARY,
  requiredPermissions: [businessPermission(USER_TABLE, 'read')],
};

export interface UserFilterSelectProps {
  label: string;
  value: string[];
  onChange: (ids: string[]) => void;
  width?: number | string;
}

/**
 * Users picked by name for a filter on who created, modified or owns a record: a searchable
 * select over the `user` table (the keyword search), through Refine. Who may not read the users
 * types their ids instead.
 */
export const UserFilterSelect = ({ label, value, onChange, width = '100%' }: UserFilterSelectProps) => {
  const { t } = useTranslation();
  const names = useWellKnownNames();
  const mayRead = useCan({ resource: USER_TABLE, action: 'list' }).data?.can === true;
  const { options, onSearch } = useSelect<BusinessRecord>({
    resource: USER_TABLE,
    optionValue: (user) => String(user.id ?? ''),
    optionLabel: (user) => {
      const name = names.user(user as { username?: string; realname?: string });
      const username = typeof user.username === 'string' ? user.username : '';
      return username && username !== name ? `${name} (${username})` : name;
    },
    defaultValue: value,
    onSearch: (keyword) => (keyword.trim() ? [{ field: SEARCH_FIELD, operator: 'eq', value: keyword }] : []),
    pagination: { currentPage: 1, pageSize: 20, mode: 'server' },
    meta: USER_READ_META,
    queryOptions: { enabled: mayRead, retry: false },
    defaultValueQueryOptions: { enabled: mayRead && value.length > 0, retry: false },
    errorNotification: false,
    debounce: 300,
  });
  if (!mayRead) {
    return (
      <Input
        aria-label={label}
        allowClear
        style={{ width }}
        placeholder={t('businessList.userIds')}
        value={value.join(',')}
        onChange={(event) =>
          onChange(
            event.target.value
              .split(/[,，]/)
              .map((id) => id.trim())
              .filter((id) => id !== ''),
          )
        }
      />
    );
  }
  return (
    <Select<string[]>
      aria-label={label}
      mode="multiple"
      allowClear
      showSearch
      filterOption={false}
      maxTagCount="responsive"
      style={{ width }}
      placeholder={t('businessList.pickUser')}
      options={options}
      value={value}
      onSearch={onSearch}
      onChange={(ids) => onChange(ids)}
    />
  );
};
