import { Input } from 'antd';
import type { FieldInputProps } from './types';

/** docs/product.md §3 defaults when a column gives no length (as the server creates CHAR / VARCHAR). */
const DEFAULT_LENGTH: Record<string, number> = { CHAR: 1, VARCHAR: 255 };

/** CHAR / VARCHAR: a line of text within the column's length. */
export const TextInput = ({ column, id, value, onChange, disabled, placeholder }: FieldInputProps) => (
  <Input
    id={id}
    value={typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value)}
    onChange={(event) => onChange?.(event.target.value)}
    disabled={disabled}
    placeholder={placeholder}
    maxLength={column.length && column.length > 0 ? column.length : DEFAULT_LENGTH[column.dataType]}
    allowClear={!disabled}
  />
);
