import { dateTimeText } from '../../db/clock';
import { kindOf } from '../../query/data-type-kind';
import { decimalText } from '../../query/decimal-text';
import type { QueryColumn } from '../../query/query-types';

const integerOut = (value: unknown): number | string => {
  if (typeof value === 'number') return value;
  const text = typeof value === 'bigint' ? value.toString() : String(value);
  const asNumber = Number(text);
  return Number.isSafeInteger(asNumber) ? asNumber : text;
};

/** Every database answers a DECIMAL with its declared scale (SQLite hands back 5999n or 12.5). */
const decimalOut = (column: QueryColumn, value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint'
    ? decimalText(value, column.scale ?? 0)
    : String(value);

const temporalText = (value: unknown): string =>
  value instanceof Date
    ? dateTimeText(value)
    : typeof value === 'number'
      ? dateTimeText(new Date(value))
      : String(value);

/**
 * A stored value as docs/api.md §0 sends it, whatever the driver returned: BOOL true/false, integers as
 * numbers (strings beyond 2^53), DECIMAL as text with its declared scale, DATE `YYYY-MM-DD`, TIME `HH:mm:ss`, DATETIME
 * `YYYY-MM-DD HH:mm:ss`, text as text.
 */
export const toOutputValue = (column: QueryColumn, value: unknown): unknown => {
  if (value === null || value === undefined) return null;
  switch (kindOf(column.dataType)) {
    case 'bool':
      return (
        value === true || value === 1 || value === 1n || value === '1' || value === 't' || value === 'true'
      );
    case 'integer':
      return integerOut(value);
    case 'float':
      return Number(value);
    case 'decimal':
      return decimalOut(column, value);
    case 'date':
      return temporalText(value).slice(0, 10);
    case 'time': {
      const text = temporalText(value);
      const time = /\d{2}:\d{2}(:\d{2})?/.exec(text)?.[0];
      return time ? (time.length === 5 ? `${time}:00` : time) : text;
    }
    case 'datetime':
      return temporalText(value).replace('T', ' ').slice(0, 19);
    default: {
      // A reverse-engineered JSON column arrives parsed: it is sent back as its JSON text.
      const text =
        typeof value === 'string'
          ? value
          : Buffer.isBuffer(value)
            ? value.toString('utf8')
            : typeof value === 'object'
              ? JSON.stringify(value)
              : String(value);
      // CHAR pads with spaces on PostgreSQL; MySQL strips them on read: the API strips them everywhere.
      return column.dataType === 'CHAR' ? text.replace(/ +$/, '') : text;
    }
  }
};
