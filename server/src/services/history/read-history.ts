import type { Knex } from 'knex';
import type { ColumnChange, Revision, RevisionAction, RevisionChannel } from '../../../../contract/revision';
import { SHARED_STATE } from '../../db/table-names';
import { ApiException } from '../../errors/api-exception';
import type { ItemContext } from '../items/item-context';
import type { ItemTable } from '../items/item-table';
import { readRows } from '../items/read-rows';
import { whereKeys, type KeyValues } from '../items/record-keys';
import { isReadable } from '../items/to-record';
import { revisionKey } from './revision-log';

/** A stored revision row. */
export interface RevisionRow {
  id: number | string;
  action: string;
  at: number | string;
  userId: number | string | null;
  userName: string | null;
  channel: string;
  requestId: string | null;
  changes: string;
}

/** The revisions of one record, in `primary`. */
export const revisionsOf = (
  primary: Knex,
  context: Pick<ItemContext, 'dataSource'>,
  item: ItemTable,
  key: KeyValues,
) =>
  primary(SHARED_STATE.revision)
    .where('dataSource', context.dataSource)
    .where('tableName', item.table.name)
    .where('recordKey', revisionKey(item, key));

/**
 * The columns of a revision the reader may see: those of `item` as the read route opened it
 * (narrowed by the reader's column rules, plugins/open-item.ts) that records show. A column
 * hidden from them is left out of every revision, old values too; so is one no longer in the table.
 */
export const visibleChanges = (item: ItemTable, changes: readonly ColumnChange[]): ColumnChange[] => {
  const visible = new Set(item.table.columns.filter(isReadable).map((column) => column.name));
  return changes.filter((change) => visible.has(change.column));
};

/** A stored revision as the API sends it, trimmed to what `item` lets its reader see. */
export const toRevision = (item: ItemTable, row: RevisionRow): Revision => ({
  id: Number(row.id),
  action: row.action as RevisionAction,
  time: Number(row.at),
  user: { id: row.userId === null ? null : Number(row.userId), name: row.userName },
  channel: row.channel as RevisionChannel,
  requestId: row.requestId,
  changes: visibleChanges(item, JSON.parse(row.changes) as ColumnChange[]),
});

/** 404 unless the record is stored now or has history (a hard-deleted record's stays readable). */
const assertKnown = async (primary: Knex, context: ItemContext, item: ItemTable, key: KeyValues) => {
  if (await revisionsOf(primary, context, item, key).first('id')) return;
  const names = item.keys.map((column) => column.name);
  const row: unknown = await whereKeys(
    readRows(context.db, context.dialect, item.table.tableName, names),
    item,
    [key],
  ).first();
  if (!row) throw new ApiException('NOT_FOUND');
};

/** GET …/{id}/history: the record's revisions, newest first. */
export const readHistory = async (
  primary: Knex,
  context: ItemContext,
  item: ItemTable,
  key: KeyValues,
  page: { offset: number; limit: number },
): Promise<Revision[]> => {
  const rows: RevisionRow[] = await revisionsOf(primary, context, item, key)
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .select('id', 'action', 'at', 'userId', 'userName', 'channel', 'requestId', 'changes');
  if (rows.length === 0) await assertKnown(primary, context, item, key);
  return rows.map((row) => toRevision(item, row));
};

/** GET …/{id}/history/count. */
export const countHistory = async (
  primary: Knex,
  context: ItemContext,
  item: ItemTable,
  key: KeyValues,
): Promise<number> => {
  const row = (await revisionsOf(primary, context, item, key).count({ count: '*' }).first()) as
    { count: number | string } | undefined;
  const count = Number(row?.count ?? 0);
  if (count === 0) await assertKnown(primary, context, item, key);
  return count;
};
