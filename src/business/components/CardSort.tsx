import { SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { Button, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface CardSortProps {
  /** The columns the list may sort by, with their captions. */
  options: readonly { value: string; label: ReactNode }[];
  field: string | undefined;
  order: 'asc' | 'desc' | undefined;
  /** A column and direction, or none: back to the server's order. */
  onChange: (field: string | undefined, order: 'asc' | 'desc' | undefined) => void;
}

/**
 * What the column headers' sorters do, for cards (a phone has no headers): a column to sort by and
 * a button that turns the direction. Choosing a column sorts it ascending; clearing it returns to
 * the server's order.
 */
export const CardSort = ({ options, field, order, onChange }: CardSortProps) => {
  const { t } = useTranslation();
  const descending = order === 'desc';
  return (
    <Space.Compact>
      <Select<string>
        allowClear
        aria-label={t('businessList.sortBy')}
        placeholder={t('businessList.sortBy')}
        value={field}
        options={options.map((option) => ({ ...option }))}
        onChange={(value) => onChange(value, value ? (order ?? 'asc') : undefined)}
        style={{ minWidth: 120 }}
        popupMatchSelectWidth={false}
      />
      <Button
        disabled={field === undefined}
        icon={descending ? <SortDescendingOutlined /> : <SortAscendingOutlined />}
        aria-label={descending ? t('businessList.sortDescending') : t('businessList.sortAscending')}
        onClick={() => onChange(field, descending ? 'asc' : 'desc')}
      />
    </Space.Compact>
  );
};
