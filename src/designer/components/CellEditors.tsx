import { Checkbox, Input, InputNumber, Select, Typography } from 'antd';
import { memo, useId, type CSSProperties, type ReactElement } from 'react';

/** Props every grid cell editor shares: which cell it is, its state, and the one change handler. */
export interface CellProps<V> {
  rowKey: string;
  field: string;
  /** Accessible name, e.g. "英文字段 3". */
  label: string;
  value: V;
  disabled?: boolean;
  /** Message shown under the cell (client check or server error). */
  error?: string;
  onChange: (rowKey: string, field: string, value: V) => void;
}

const errorStyle: CSSProperties = { display: 'block', fontSize: 12, lineHeight: '16px', marginTop: 2 };

const CellError = ({ id, error }: { id: string; error?: string }) =>
  error ? (
    <Typography.Text id={id} type="danger" style={errorStyle}>
      {error}
    </Typography.Text>
  ) : null;

export const TextCell = memo(function TextCell({
  rowKey,
  field,
  label,
  value,
  disabled,
  error,
  onChange,
  placeholder,
}: CellProps<string | null | undefined> & { placeholder?: string }) {
  const id = useId();
  return (
    <>
      <Input
        size="small"
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? id : undefined}
        status={error ? 'error' : undefined}
        value={value ?? ''}
        disabled={disabled}
        placeholder={placeholder}
        onChange={(event) => onChange(rowKey, field, event.target.value)}
      />
      <CellError id={id} error={error} />
    </>
  );
});

export const NumberCell = memo(function NumberCell({
  rowKey,
  field,
  label,
  value,
  disabled,
  error,
  onChange,
  min = 0,
  max,
}: CellProps<number | null | undefined> & { min?: number; max?: number }) {
  const id = useId();
  return (
    <>
      <InputNumber
        size="small"
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? id : undefined}
        status={error ? 'error' : undefined}
        value={value ?? null}
        disabled={disabled}
        min={min}
        max={max}
        precision={0}
        controls={false}
        style={{ width: '100%' }}
        onChange={(next) => onChange(rowKey, field, typeof next === 'number' ? next : null)}
      />
      <CellError id={id} error={error} />
    </>
  );
});

export interface CellOption<V> {
  value: V;
  label: string;
}

interface SelectExtras<V> {
  options: CellOption<V>[];
  allowClear?: boolean;
  placeholder?: string;
  /** Typing filters the options (long lists such as the data types). */
  showSearch?: boolean;
}

export const SelectCell = memo(function SelectCell<V extends string | number>({
  rowKey,
  field,
  label,
  value,
  disabled,
  error,
  onChange,
  options,
  allowClear,
  placeholder,
  showSearch,
}: CellProps<V | null | undefined> & SelectExtras<V>) {
  const id = useId();
  return (
    <>
      <Select<V>
        size="small"
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? id : undefined}
        status={error ? 'error' : undefined}
        value={value ?? undefined}
        disabled={disabled}
        options={options}
        allowClear={allowClear}
        placeholder={placeholder}
        showSearch={showSearch}
        optionFilterProp="label"
        popupMatchSelectWidth={false}
        style={{ width: '100%' }}
        onChange={(next) => onChange(rowKey, field, (next ?? null) as V | null)}
      />
      <CellError id={id} error={error} />
    </>
  );
}) as <V extends string | number>(props: CellProps<V | null | undefined> & SelectExtras<V>) => ReactElement;

export const CheckCell = memo(function CheckCell({
  rowKey,
  field,
  label,
  value,
  disabled,
  error,
  onChange,
}: CellProps<boolean | null | undefined>) {
  const id = useId();
  return (
    <>
      <Checkbox
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? id : undefined}
        checked={Boolean(value)}
        disabled={disabled}
        onChange={(event) => onChange(rowKey, field, event.target.checked)}
      />
      <CellError id={id} error={error} />
    </>
  );
});
