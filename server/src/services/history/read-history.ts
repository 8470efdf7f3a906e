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
import { batchedRevisions } from './batch-revisions';
import type { RevisionRow } from './revision-row';

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

/** The record's creates that batches hold (batch-revisions.ts), newest first: most often none, or one. */
const batchedOf = async (
  primary: Knex,
  context: Pick<ItemContext, 'dataSource'>,
  item: ItemTable,
  key: KeyValues,
  after?: number,
): Promise<RevisionRow[]> => {
  const recordKey = revisionKey(item, key);
  return (await batchedRevisions(primary, context.dataSource, item, [recordKey], after)).get(recordKey) ?? [];
};

/**
 * All revisions of one record after revision `after`, oldest first, values included: its own
 * rows and the batches that hold its create.
 */
export const revisionsAfter = async (
  primary: Knex,
  context: Pick<ItemContext, 'dataSource'>,
  item: ItemTable,
  key: KeyValues,
  after: number,
): Promise<RevisionRow[]> => {
  const own: RevisionRow[] = await revisionsOf(primary, context, item, key)
    .where('id', '>', after)
    .orderBy('id')
    .select('id', 'action', 'at', 'userId', 'userName', 'channel', 'requestId', 'changes');
  const batched = await batchedOf(primary, context, item, key, after);
  return batched.length === 0 ? own : [...own, ...batched].sort((a, b) => Number(a.id) - Number(b.id));
};

/** 404 unless the record is stored now or has history (a hard-deleted record's stays readable). */
const assertKnown = async (primary: Knex, context: ItemContext, item: ItemTable, key: KeyValues) => {
  if (await revisionsOf(primary, context, item, key).first('id')) return;
  if ((await batchedOf(primary, context, item, key)).length > 0) return;
  const names = item.keys.map((column) => column.name);
  const row: unknown = await whereKeys(
    readRows(context.db, context.dialect, item.table.tableName, names),
    item,
    [key],
  ).first();
  if (!row) throw new ApiException('NOT_FOUND');
};

/** The record's own revision rows, newest first, from `offset` on. */
const ownPage = (
  primary: Knex,
  context: Pick<ItemContext, 'dataSource'>,
  item: ItemTable,
  key: KeyValues,
  offset: number,
  limit: number,
): Promise<RevisionRow[]> =>
  revisionsOf(primary, context, item, key)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .select('id', 'action', 'at', 'userId', 'userName', 'channel', 'requestId', 'changes');

/**
 * A page of the record's revisions, newest first, when batches hold some of them (`batched`,
 * newest first, a few at most): its own rows are read from `batched.length` before the page on,
 * and each revision's place in the whole is its place among its kind plus how many of the other
 * kind are newer.
 */
const mergedPage = async (
  primary: Knex,
  context: Pick<ItemContext, 'dataSource'>,
  item: ItemTable,
  key: KeyValues,
  batched: readonly RevisionRow[],
  page: { offset: number; limit: number },
): Promise<RevisionRow[]> => {
  const from = Math.max(0, page.offset - batched.length);
  const own = await ownPage(primary, context, item, key, from, page.offset + page.limit - from);
  const placed: { at: number; row: RevisionRow }[] = own.map((row, index) => ({
    at: from + index + batched.filter((batch) => Number(batch.id) > Number(row.id)).length,
    row,
  }));
  for (const [index, row] of batched.entries()) {
    const newer = (await revisionsOf(primary, context, item, key)
      .where('id', '>', row.id)
      .count({ count: '*' })
      .first()) as { count: number | string } | undefined;
    placed.push({ at: index + Number(newer?.count ?? 0), row });
  }
  return placed
    .filter(({ at }) => at >= page.offset && at < page.offset + page.limit)
    .sort((a, b) => a.at - b.at)
    .map(({ row }) => row);
};

/** GET …/{id}/history: the record's revisions, newest first. */
export const readHistory = async (
  primary: Knex,
  context: ItemContext,
  item: ItemTable,
  key: KeyValues,
  page: { offset: number; limit: number },
): Promise<Revision[]> => {
  const batched = await batchedOf(primary, context, item, key);
  const rows =
    batched.length === 0
      ? await ownPage(primary, context, item, key, page.offset, page.limit)
      : await mergedPage(primary, context, item, key, batched, page);
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
  const count = Number(row?.count ?? 0) + (await batchedOf(primary, context, item, key)).length;
  if (count === 0) await assertKnown(primary, context, item, key);
  return count;
};
