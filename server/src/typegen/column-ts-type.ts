import { dataTypeTraits, isChoiceColumn, type Column } from '../../../contract/index';
import { stringLiteral } from './ts-names';

/** Whether a record carries the column: never a PASSWORD, never the search body (docs/api.md §3). */
export const inRecords = (column: Pick<Column, 'dataType' | 'indexType'>): boolean =>
  column.dataType !== 'PASSWORD' && column.indexType !== 'FULLTEXT';

/**
 * The TypeScript type of a column's value in a record, as docs/api.md §0 sends it, without `null`:
 * BOOL `boolean`; integers `number`, BIGINT `number | string` (a string beyond ±2^53); FLOAT and
 * DOUBLE `number`; DECIMAL `string` (the exact value at the declared scale); DATE, TIME, DATETIME
 * `string`; text `string`, a single choice column the union of its option values.
 */
export const columnValueType = (column: Pick<Column, 'dataType' | 'options' | 'multipleValue'>): string => {
  const { kind } = dataTypeTraits(column.dataType);
  switch (kind) {
    case 'bool':
      return 'boolean';
    case 'integer':
      return column.dataType === 'BIGINT' ? 'number | string' : 'number';
    case 'float':
      return 'number';
    case 'text':
      if (isChoiceColumn(column) && !column.multipleValue)
        return (column.options ?? []).map((option) => stringLiteral(option.value)).join(' | ');
      return 'string';
    default:
      // decimal, date, time, datetime (password columns are not in records)
      return 'string';
  }
};

/** The data type as the designer shows it: `VARCHAR(200)`, `DECIMAL(10,2)`, `INT UNSIGNED`. */
export const dataTypeLabel = (
  column: Pick<Column, 'dataType' | 'length' | 'precision' | 'scale' | 'unsigned'>,
): string => {
  const traits = dataTypeTraits(column.dataType);
  let label: string = column.dataType;
  if (traits.decimal && column.precision != null)
    label += `(${String(column.precision)},${String(column.scale ?? 0)})`;
  else if (traits.length && !('fixed' in traits.length) && column.length != null)
    label += `(${String(column.length)})`;
  if (traits.numeric && column.unsigned) label += ' UNSIGNED';
  return label;
};
