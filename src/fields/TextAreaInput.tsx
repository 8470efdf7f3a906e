import { Input } from 'antd';
import type { FieldInputProps } from './types';

/** TEXT / LONGTEXT: a growing text area (Enter is a new line, never a submit). */
export const TextAreaInput = ({ id, value, onChange, disabled, placeholder }: FieldInputProps) => (
  <Input.TextArea
    id={id}
    value={typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value)}
    onChange={(event) => onChange?.(event.target.value)}
    disabled={disabled}
    placeholder={placeholder}
    autoSize={{ minRows: 3, maxRows: 12 }}
  />
);
