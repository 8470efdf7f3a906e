import { SOFT_DELETE_COLUMN } from '../../../../contract/system-columns';
import { ApiException } from '../../errors/api-exception';
import { itemsMessage } from '../../i18n/items-messages';
import { kindOf } from '../../query/data-type-kind';
import type { ItemContext } from './item-context';
import type { ItemTable } from './item-table';
import { readRows } from './read-rows';
import { keyText, uniqueKeys, whereKeys, type KeyValues } from './record-keys';
import { assertRowsWithin } from './row-filter';
import { toRecord } from './to-record';
import { updateRecord } from './update-record';
import { runWrite } from './write-context';

const isSet = (value: unknown): boolean => value === true || Number(value) === 1;

/**
 * Brings soft-deleted records back from the recycle bin, all or nothing: 400 for a table without
 * the soft-delete flag, 404 when a record does not exist, 409 when one is not in the recycle bin.
 * Each record is updated as a form save would be (stamped, hooks run, the full-text body kept),
 * whether or not the designer lets forms edit the flag: restoring is its own action, not an edit.
 * Answers how many records came back.
 */
export const restoreItems = async (
  context: ItemContext,
  item: ItemTable,
  keys: KeyValues[],
): Promise<number> => {
  const flag = item.table.columns.find((column) => column.name === SOFT_DELETE_COLUMN);
  if (!flag) {
    throw new ApiException('VALIDATION_ERROR', itemsMessage('noSoftDelete', { name: item.table.name }));
  }
  const unique = uniqueKeys(item, keys);
  const cleared = kindOf(flag.dataType) === 'bool' ? false : 0;
  return runWrite(context, item, async (write) => {
    const found: Record<string, unknown>[] = await whereKeys(
      readRows(write.db, write.dialect, item.table.tableName, [
        ...item.keys.map((key) => key.name),
        SOFT_DELETE_COLUMN,
      ]),
      item,
      unique,
    );
    if (found.length !== unique.length) throw new ApiException('NOT_FOUND');
    await assertRowsWithin(write, item, unique, 'update');
    const live = found
      .map((row) => toRecord(item.table.columns, row))
      .filter((record) => !isSet(record[SOFT_DELETE_COLUMN]));
    if (live.length > 0) {
      const named = live.slice(0, 20).map((record) => keyText(item, record));
      throw new ApiException('CONFLICT', itemsMessage('notInRecycleBin', { keys: named.join(', ') }));
    }
    for (const key of unique) {
      await updateRecord(
        write,
        item,
        key,
        {},
        { path: '', depth: 0, fixed: { [SOFT_DELETE_COLUMN]: cleared }, action: 'restore' },
      );
    }
    return unique.length;
  });
};
