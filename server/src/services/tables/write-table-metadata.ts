import type { Knex } from 'knex';
import type { MetaDb } from '../../db/metadata-home';
import { META } from '../../db/table-names';
import { captionsText, choiceOptionsText, toNumber } from '../../db/values';
import { inSource, relationsOf, tablesOf } from '../scoped-meta';
import { insertReturningId } from '../../db/insert-returning-id';
import type { ColumnDef, IndexDef, TableDef } from '../../model/table-def';

const tableRow = (table: TableDef) => ({
  name: table.name,
  pluralName: table.pluralName,
  tableName: table.tableName,
  caption: table.caption,
  captions: captionsText(table.captions),
  description: table.description,
  engine: table.engine,
  reverse: table.reverse,
  systemable: table.systemable,
  readOnly: table.readOnly,
  titleColumn: table.titleColumn,
  historyMode: table.historyMode,
  historyKeep: table.historyKeep,
});

const columnRow = (column: ColumnDef) => ({
  name: column.name,
  caption: column.caption,
  captions: captionsText(column.captions),
  description: column.description,
  displayOrder: column.displayOrder,
  dataType: column.dataType,
  length: column.length,
  precision: column.precision,
  scale: column.scale,
  unsigned: column.unsigned,
  indexType: column.indexType,
  indexStorage: column.indexStorage,
  indexName: column.indexName,
  autoIncrement: column.autoIncrement,
  seqId: column.seqId,
  nullable: column.nullable,
  defaultValue: column.defaultValue,
  insertable: column.insertable,
  updatable: column.updatable,
  queryable: column.queryable,
  displayable: column.displayable,
  systemable: column.systemable,
  multipleValue: column.multipleValue,
  options: choiceOptionsText(column.options),
  nativeType: column.nativeType,
  nativeDefault: column.nativeDefault,
});

const indexRow = (index: IndexDef) => ({
  name: index.name,
  caption: index.caption,
  description: index.description,
  indexType: index.indexType,
  indexStorage: index.indexStorage,
});

const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

const columnIds = async (db: Knex, tableId: number): Promise<Map<string, number>> => {
  const rows: { id: unknown; name: string }[] = await db(META.column)
    .select('id', 'name')
    .where('tableId', tableId);
  return new Map(rows.map((row) => [row.name, toNumber(row.id)]));
};

const insertLines = async (
  db: Knex,
  indexId: number,
  columns: readonly string[],
  ids: Map<string, number>,
) => {
  for (const [displayOrder, name] of columns.entries()) {
    await db(META.indexLine).insert({ indexId, columnId: ids.get(name), displayOrder });
  }
};

/** Deletes columns with what points at them (index lines, relations): no reliance on cascades. */
const deleteColumns = async (db: Knex, ids: readonly number[]) => {
  if (ids.length === 0) return;
  await db(META.relation).whereIn('fromColumnId', ids).orWhereIn('toColumnId', ids).delete();
  await db(META.indexLine).whereIn('columnId', ids).delete();
  await db(META.column).whereIn('id', ids).delete();
};

/** Moves renamed rows out of the way first, so that names can swap under a unique (tableId, name). */
const parkRenamed = async (
  db: Knex,
  table: string,
  before: readonly { id?: number; name: string }[],
  after: readonly { id?: number; name: string }[],
) => {
  for (const item of after) {
    const old = before.find((candidate) => item.id !== undefined && candidate.id === item.id);
    if (old && old.name !== item.name)
      await db(table)
        .where('id', item.id)
        .update({ name: `cb_tmp_${item.id}` });
  }
};

/** Stores a new table's metadata; returns its id. */
export const insertTableMetadata = async (meta: MetaDb, table: TableDef, now: number): Promise<number> => {
  const { db } = meta;
  const stamps = { createdDate: now, lastModifiedDate: now };
  const tableId = await insertReturningId(db, META.table, inSource(meta, { ...tableRow(table), ...stamps }));
  for (const column of table.columns)
    await db(META.column).insert({ tableId, ...columnRow(column), ...stamps });
  const ids = await columnIds(db, tableId);
  for (const index of table.indexs) {
    const indexId = await insertReturningId(db, META.index, { tableId, ...indexRow(index), ...stamps });
    await insertLines(db, indexId, index.columns, ids);
  }
  return tableId;
};

/**
 * Stores an edited table's metadata: the table row, columns and composite indexes by id (kept ones
 * updated only when they changed, so their lastModifiedDate says when they last did), new ones
 * inserted, missing ones deleted with their index lines and relations.
 */
export const updateTableMetadata = async (
  meta: MetaDb,
  old: TableDef,
  next: TableDef,
  now: number,
): Promise<void> => {
  const { db } = meta;
  const tableId = old.id as number;
  await tablesOf(meta)
    .where('id', tableId)
    .update({ ...tableRow(next), lastModifiedDate: now });

  const kept = new Set(next.columns.flatMap((column) => (column.id === undefined ? [] : [column.id])));
  await deleteColumns(
    db,
    old.columns.flatMap((column) => (column.id !== undefined && !kept.has(column.id) ? [column.id] : [])),
  );
  await parkRenamed(db, META.column, old.columns, next.columns);
  for (const column of next.columns) {
    if (column.id === undefined) {
      await db(META.column).insert({
        tableId,
        ...columnRow(column),
        createdDate: now,
        lastModifiedDate: now,
      });
      continue;
    }
    const before = old.columns.find((candidate) => candidate.id === column.id);
    if (!before || !same(columnRow(before), columnRow(column))) {
      await db(META.column)
        .where('id', column.id)
        .update({ ...columnRow(column), lastModifiedDate: now });
    }
  }

  const ids = await columnIds(db, tableId);
  const keptIndexes = new Set(next.indexs.flatMap((index) => (index.id === undefined ? [] : [index.id])));
  const droppedIndexes = old.indexs.flatMap((index) =>
    index.id !== undefined && !keptIndexes.has(index.id) ? [index.id] : [],
  );
  if (droppedIndexes.length > 0) {
    await db(META.indexLine).whereIn('indexId', droppedIndexes).delete();
    await db(META.index).whereIn('id', droppedIndexes).delete();
  }
  await parkRenamed(db, META.index, old.indexs, next.indexs);
  for (const index of next.indexs) {
    if (index.id === undefined) {
      const indexId = await insertReturningId(db, META.index, {
        tableId,
        ...indexRow(index),
        createdDate: now,
        lastModifiedDate: now,
      });
      await insertLines(db, indexId, index.columns, ids);
      continue;
    }
    const before = old.indexs.find((candidate) => candidate.id === index.id);
    const linesChanged = !before || before.columns.join() !== index.columns.join();
    if (!before || linesChanged || !same(indexRow(before), indexRow(index))) {
      await db(META.index)
        .where('id', index.id)
        .update({ ...indexRow(index), lastModifiedDate: now });
    }
    if (linesChanged) {
      await db(META.indexLine).where('indexId', index.id).delete();
      await insertLines(db, index.id, index.columns, ids);
    }
  }
};

/** Deletes tables' metadata with their columns, indexes and the relations from or to them. */
export const deleteTableMetadata = async (meta: MetaDb, ids: readonly number[]): Promise<void> => {
  if (ids.length === 0) return;
  const { db } = meta;
  // Only tables of this data source, whatever ids were asked for.
  const tableIds = (await tablesOf(meta).select('id').whereIn('id', ids)).map((row: { id: unknown }) =>
    toNumber(row.id),
  );
  if (tableIds.length === 0) return;
  await relationsOf(meta)
    .where((where) => where.whereIn('fromTableId', tableIds).orWhereIn('toTableId', tableIds))
    .delete();
  const indexIds = db(META.index).select('id').whereIn('tableId', tableIds);
  await db(META.indexLine).whereIn('indexId', indexIds).delete();
  await db(META.index).whereIn('tableId', tableIds).delete();
  const columns = db(META.column).select('id').whereIn('tableId', tableIds);
  await relationsOf(meta)
    .where((where) => where.whereIn('fromColumnId', columns).orWhereIn('toColumnId', columns))
    .delete();
  await db(META.indexLine)
    .whereIn('columnId', db(META.column).select('id').whereIn('tableId', tableIds))
    .delete();
  await db(META.column).whereIn('tableId', tableIds).delete();
  await db(META.table).whereIn('id', tableIds).delete();
};
