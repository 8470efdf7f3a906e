import { dateTimeText } from '../../db/clock';
import { kindOf } from '../../query/data-type-kind';
import type { ScalarValue } from '../../query/query-types';
import type { StoredColumn } from '../metadata-rows';

const timeValue = (column: StoredColumn, now: Date): ScalarValue => {
  switch (kindOf(column.dataType)) {
    case 'integer':
    case 'float':
    case 'decimal':
      return now.getTime();
    case 'date':
      return dateTimeText(now).slice(0, 10);
    default:
      return dateTimeText(now);
  }
};

const userValue = (column: StoredColumn, userId: number): ScalarValue =>
  kindOf(column.dataType) === 'integer' ? userId : String(userId);

/**
 * What the server writes into the audit columns a table has: on create the times, the user as
 * creator, updater and owner, and isDeleted false; on update the modification time and updater.
 */
export const systemValues = (
  columns: readonly StoredColumn[],
  mode: 'create' | 'update',
  now: Date,
  userId: number,
): Record<string, ScalarValue> => {
  const values: Record<string, ScalarValue> = {};
  for (const column of columns) {
    switch (column.name) {
      case 'createdDate':
        if (mode === 'create') values[column.name] = timeValue(column, now);
        break;
      case 'lastModifiedDate':
        values[column.name] = timeValue(column, now);
        break;
      case 'createById':
      case 'ownerId':
        if (mode === 'create') values[column.name] = userValue(column, userId);
        break;
      case 'updateById':
        values[column.name] = userValue(column, userId);
        break;
      case 'isDeleted':
        if (mode === 'create') values[column.name] = kindOf(column.dataType) === 'bool' ? false : 0;
        break;
    }
  }
  return values;
};
