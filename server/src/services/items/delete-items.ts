import { SOFT_DELETE_COLUMN } from '../../../../contract/system-columns';
import { ApiException } from '../../errors/api-exception';
import { itemsMessage } from '../../i18n/items-messages';
import { kindOf } from '../../query/data-type-kind';
import { deleteRecords } from './delete-records';
import type { ItemContext } from './item-context';
import type { ItemTable } from './item-table';
import { readRows } from './read-rows';
import { uniqueKeys, whereKeys, type KeyValues } from './record-keys';
import { systemValues } from './system-columns';
import { assertRowsWithin } from './row-filter';
import { toRecord } from './to-record';
import { runWrite } from './write-context';

/**
 * DELETE one or many records (docs/api.md §3), all or nothing: 404 if one of them does not exist.
 * Soft: `isDeleted` set (with the modification time and updater); hard: the rows and, first, their
 * OneToMany / MainToSub children.
 */
export const deleteItems = async (
  context: ItemContext,
  item: ItemTable,
  keys: KeyValues[],
  soft: boolean,
): Promise<void> => {
  const unique = uniqueKeys(item, keys);
  const flag = item.table.columns.find((column) => column.name === 'isDeleted');
  if (soft && !flag) {
    throw new ApiException('VALIDATION_ERROR', itemsMessage('noSoftDelete', { name: item.table.name }), {
      isSoftDelete: itemsMessage('noSoftDelete', { name: item.table.name }),
    });
  }
  await runWrite(context, item, async (write) => {
    const found: Record<string, unknown>[] = await whereKeys(
      readRows(write.db, write.dialect, item.table.tableName, [
        ...item.keys.map((key) => key.name),
        ...(soft && flag ? [flag.name] : []),
      ]),
      item,
      unique,
    );
    if (found.length !== unique.length) throw new ApiException('NOT_FOUND');
    await assertRowsWithin(write, item, unique, 'delete');
    if (soft && flag) {
      await write.hooks.run('beforeDelete', { write, item, keys: unique, soft: true });
      await whereKeys(write.db(item.table.tableName), item, unique).update({
        ...systemValues(item.table.columns, 'update', write.now, write.userId),
        isDeleted: kindOf(flag.dataType) === 'bool' ? true : 1,
      });
      for (const record of found.map((row) => toRecord(item.table.columns, row))) {
        const changes = [{ column: SOFT_DELETE_COLUMN, old: record[SOFT_DELETE_COLUMN] ?? null, new: true }];
        write.changed({ item, key: record as KeyValues, action: 'softDelete', changes });
      }
      await write.hooks.run('afterDelete', { write, item, keys: unique, soft: true });
      return;
    }
    await deleteRecords(write, item, unique);
  });
};
