import { InputNumber } from 'antd';
import { numberSpec } from '../business/lib/number-range';
import type { FieldInputProps } from './types';

/**
 * Integer and decimal types within the range of their type; BIGINT and DECIMAL are edited as text
 * so that no digit is lost beyond 2^53.
 */
export const NumberInput = ({ column, id, value, onChange, disabled, placeholder }: FieldInputProps) => {
  const spec = numberSpec(column);
  const current = value === null || value === undefined || value === '' ? null : (value as number | string);
  return (
    <InputNumber<number | string>
      id={id}
      style={{ width: '100%' }}
      value={current}
      onChange={(next) => onChange?.(next === null || next === '' ? null : next)}
      disabled={disabled}
      placeholder={placeholder}
      stringMode={spec.stringMode}
      min={spec.min}
      max={spec.max}
      precision={spec.decimals === 0 ? 0 : undefined}
      step={spec.decimals && spec.decimals > 0 ? `0.${'0'.repeat(spec.decimals - 1)}1` : 1}
      keyboard
    />
  );
};
