import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../contract';
import { titleColumnOf } from '../../../contract';
import { useCaption } from '../../common/hooks/useCaption';

/** Data types that cannot name a record: a password's hash, a file's address. */
const UNTITLED_TYPES: readonly Column['dataType'][] = ['PASSWORD', 'ATTACHMENT'];

export interface TitleColumnSelectProps {
  id?: string;
  columns: readonly Column[];
  value: string | null;
  onChange: (value: string | null) => void;
}

/**
 * Picks the table's title column among its columns (not passwords or files); cleared, it shows
 * which column the default rule picks ("Automatic: Title"), or that the key names the records.
 */
export const TitleColumnSelect = ({ id, columns, value, onChange }: TitleColumnSelectProps) => {
  const { t } = useTranslation();
  const caption = useCaption();
  // In the designer the grid's order is the display order (a new column has none stored yet).
  const named = columns
    .filter((column) => column.name.trim() !== '')
    .map((column, displayOrder) => ({ ...column, displayOrder }));
  const fallback = titleColumnOf({ columns: named }, null);
  const fallbackColumn = named.find((column) => column.name === fallback);
  const placeholder = fallbackColumn
    ? t('designer.titleColumnAuto', { name: caption(fallbackColumn) })
    : t('designer.titleColumnKey');
  return (
    <Select
      id={id}
      allowClear
      showSearch
      optionFilterProp="label"
      value={value ?? undefined}
      placeholder={placeholder}
      options={named
        .filter((column) => !UNTITLED_TYPES.includes(column.dataType))
        .map((column) => ({ value: column.name, label: `${caption(column)} (${column.name})` }))}
      onChange={(next?: string) => onChange(next ?? null)}
    />
  );
};
