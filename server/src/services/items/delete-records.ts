import { ApiException } from '../../errors/api-exception';
import { itemsMessage } from '../../i18n/items-messages';
import { assertWritableRelated } from './assert-writable-related';
import { assertMay } from './item-context';
import { isToChildren, type ItemRelation, type ItemTable } from './item-table';
import { readRows } from './read-rows';
import { assertRowsWithin, hasRowRule } from './row-filter';
import { whereKeys, type KeyValues } from './record-keys';
import { isReadable, toRecord } from './to-record';
import { deletedChanges } from '../history/column-changes';
import { MAX_WRITE_DEPTH } from './max-write-depth';
import type { WriteContext } from './write-context';

const valuesOf = async (
  write: WriteContext,
  item: ItemTable,
  keys: KeyValues[],
  column: string,
): Promise<unknown[]> => {
  if (item.keys.length === 1 && item.keys[0]?.name === column) return keys.map((key) => key[column]);
  const rows: Record<string, unknown>[] = await whereKeys(
    readRows(write.db, write.dialect, item.table.tableName, [column]),
    item,
    keys,
  );
  return rows.map((row) => toRecord(item.table.columns, row)[column]).filter((value) => value !== null);
};

const childKeys = async (
  write: WriteContext,
  child: ItemTable,
  relation: ItemRelation,
  parentValues: unknown[],
): Promise<KeyValues[]> => {
  if (parentValues.length === 0) return [];
  const rows: Record<string, unknown>[] = await readRows(
    write.db,
    write.dialect,
    child.table.tableName,
    child.keys.map((key) => key.name),
  ).whereIn(`${child.table.tableName}.${relation.toColumn.name}`, parentValues as (string | number)[]);
  return rows.map((row) => toRecord(child.table.columns, row) as KeyValues);
};

/**
 * The records about to go, for their history and the hooks, webhooks and flows that wait for the
 * commit: their last values, read in one query.
 */
const recordDeletion = async (write: WriteContext, item: ItemTable, keys: KeyValues[]): Promise<void> => {
  if (!write.revisions.wants(item)) return;
  const columns = item.table.columns.filter(isReadable).map((column) => column.name);
  const rows: Record<string, unknown>[] = await whereKeys(
    readRows(write.db, write.dialect, item.table.tableName, columns),
    item,
    keys,
  );
  for (const record of rows.map((row) => toRecord(item.table.columns, row))) {
    write.changed({
      item,
      key: record as KeyValues,
      action: 'delete',
      changes: deletedChanges(item, record),
    });
  }
};

/**
 * Hard-deletes records and, first, their OneToMany / MainToSub children, recursively (docs/api.md §3),
 * in the caller's transaction. Deleting children needs the delete permission on their table; a
 * cascade that would delete records of a read-only table is a 409.
 */
export const deleteRecords = async (
  write: WriteContext,
  item: ItemTable,
  keys: KeyValues[],
  depth = 0,
): Promise<void> => {
  if (keys.length === 0) return;
  if (depth > MAX_WRITE_DEPTH) {
    throw new ApiException('VALIDATION_ERROR', itemsMessage('nestedTooDeep'));
  }
  await write.hooks.run('beforeDelete', { write, item, keys, soft: false });
  for (const relation of item.relations.filter(isToChildren)) {
    const parentValues = await valuesOf(write, item, keys, relation.fromColumn.name);
    const child = await write.tableById(relation.toTable.id);
    if (parentValues.length === 0) continue;
    if (child.keys.length === 0) {
      if (child.table.readOnly) {
        const any = await write
          .db(child.table.tableName)
          .whereIn(relation.toColumn.name, parentValues as (string | number)[])
          .first(relation.toColumn.name);
        if (any) assertWritableRelated(child.table);
      }
      assertMay(write, child.table, 'delete');
      if (hasRowRule(write, child.table, 'read') || hasRowRule(write, child.table, 'delete')) {
        throw new ApiException('FORBIDDEN', itemsMessage('rowRulesUnsupported', { name: child.table.name }));
      }
      await write
        .db(child.table.tableName)
        .whereIn(relation.toColumn.name, parentValues as (string | number)[])
        .delete();
      continue;
    }
    const children = await childKeys(write, child, relation, parentValues);
    if (children.length === 0) continue;
    assertWritableRelated(child.table);
    assertMay(write, child.table, 'delete');
    // A cascade never removes a child the user's row rules keep from it: the delete is refused.
    await assertRowsWithin(write, child, children, 'delete', { hidden: 'forbidden' });
    await deleteRecords(write, child, children, depth + 1);
  }
  await recordDeletion(write, item, keys);
  await whereKeys(write.db(item.table.tableName), item, keys).delete();
  await write.hooks.run('afterDelete', { write, item, keys, soft: false });
};
