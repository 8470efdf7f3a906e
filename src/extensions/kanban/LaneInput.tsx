import { Input, theme } from 'antd';
import type { PresetColorKey } from 'antd/es/theme/interface';
import type { FieldInputProps } from '../../fields/types';
import { laneColor } from './kanban-board';

/** A short text with a dot of its lane's colour (the board groups by it). */
export const LaneInput = ({ column, id, value, onChange, disabled, placeholder }: FieldInputProps) => {
  const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
  const { token } = theme.useToken();
  const color = laneColor(text);
  return (
    <Input
      id={id}
      value={text}
      onChange={(event) => onChange?.(event.target.value)}
      disabled={disabled}
      placeholder={placeholder}
      maxLength={column.length && column.length > 0 ? column.length : undefined}
      allowClear={!disabled}
      prefix={
        <span
          data-testid="lane-dot"
          data-color={color ?? ''}
          style={{
            display: 'inline-block',
            width: 8,
            height: 8,
            borderRadius: 4,
            border: `1px solid ${color ? token[color as PresetColorKey] : token.colorBorder}`,
            background: color ? token[color as PresetColorKey] : 'transparent',
          }}
        />
      }
    />
  );
};
