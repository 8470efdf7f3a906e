import { Input } from 'antd';
import { numberSpec } from '../business/lib/number-range';
import type { FieldInputProps } from './types';

/**
 * Numbers of every numeric type, typed as text and kept exactly as typed: "abc" in a price or 1.5
 * in an integer stays in the box and the field's rule says why (never parsed, rounded or dropped
 * silently). The payload turns valid text into a number (BIGINT beyond 2^53 and DECIMAL stay text,
 * so no digit is lost).
 */
export const NumberInput = ({ column, id, value, onChange, disabled, placeholder }: FieldInputProps) => {
  const spec = numberSpec(column);
  const current = value === null || value === undefined ? '' : String(value);
  return (
    <Input
      id={id}
      style={{ width: '100%' }}
      value={current}
      inputMode={spec.integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      onChange={(event) => onChange?.(event.target.value === '' ? null : event.target.value)}
      disabled={disabled}
      placeholder={placeholder}
    />
  );
};
