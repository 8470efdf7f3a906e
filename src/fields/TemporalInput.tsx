import { DatePicker, TimePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT, DATE_TIME_FORMAT, TIME_FORMAT } from '../business/lib/business-cells';
import { toDayjs } from '../business/lib/field-values';
import type { FieldInputProps } from './types';

/**
 * DATE / TIME / DATETIME pickers in the docs/product.md §9 formats, 24-hour clock; a time is always the full
 * HH:mm:ss.
 */
export const TemporalInput = ({ column, id, value, onChange, disabled, placeholder }: FieldInputProps) => {
  const type = column.dataType === 'TIME' ? 'TIME' : column.dataType === 'DATE' ? 'DATE' : 'DATETIME';
  const { t } = useTranslation();
  const current = toDayjs(type, value);
  const change = (next: Dayjs | null) => onChange?.(next);
  const common = { id, value: current, onChange: change, disabled, placeholder, style: { width: '100%' } };
  if (type === 'TIME') return <TimePicker {...common} format={TIME_FORMAT} />;
  if (type === 'DATE') return <DatePicker {...common} format={DATE_FORMAT} />;
  // antd's own placeholder of a date-time picker says only "date".
  return (
    <DatePicker
      {...common}
      placeholder={placeholder ?? t('businessForm.chooseDateTime')}
      format={DATE_TIME_FORMAT}
      showTime={{ format: TIME_FORMAT }}
    />
  );
};
