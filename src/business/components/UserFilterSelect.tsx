import { useCan } from '@refinedev/core';
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { USER_READ_META, USER_TABLE, useUserOptions } from '../hooks/useUserOptions';

export { USER_READ_META, USER_TABLE };

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
  const mayRead = useCan({ resource: USER_TABLE, action: 'list' }).data?.can === true;
  const { options, onSearch } = useUserOptions(mayRead, value);
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
