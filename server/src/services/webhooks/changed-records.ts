/**
 * What the outbox's listeners (webhooks, event flows) need of a write's changes: the records as
 * the writer's transaction sees them now, the values a deleted one had, and each listener's
 * condition parsed once per table.
 */
import type { RecordChange } from '../history/revision-log';
import type { ItemTable } from '../items/item-table';
import { readRows } from '../items/read-rows';
import { keyText, whereKeys, type KeyValues } from '../items/record-keys';
import { isReadable, toRecord } from '../items/to-record';
import type { WriteContext } from '../items/write-context';
import type { Condition } from '../../query/query-types';
import { parseWebhookCondition } from './record-meets';

/** Rows read back per statement. */
const CHUNK = 500;

/** The rows of `item` the changes name, read back in the writer's transaction, by key text. */
const readBack = async (
  write: WriteContext,
  item: ItemTable,
  keys: readonly KeyValues[],
): Promise<Map<string, Record<string, unknown>>> => {
  const columns = item.table.columns.filter(isReadable);
  const rows = new Map<string, Record<string, unknown>>();
  for (let first = 0; first < keys.length; first += CHUNK) {
    const builder = readRows(
      write.db,
      write.dialect,
      item.table.tableName,
      columns.map((column) => column.name),
    );
    const found: Record<string, unknown>[] = await whereKeys(builder, item, keys.slice(first, first + CHUNK));
    for (const row of found) rows.set(keyText(item, row), toRecord(columns, row));
  }
  return rows;
};

/**
 * The records `changes` name as they are now (a hard delete's: none), read table by table;
 * `after(change)` answers one, or null when it is gone.
 */
export const readChangedRecords = async (
  write: WriteContext,
  changes: readonly RecordChange[],
): Promise<{ after(change: RecordChange): Record<string, unknown> | null }> => {
  const byTable = new Map<number, { item: ItemTable; keys: KeyValues[] }>();
  for (const change of changes) {
    if (change.action === 'delete') continue;
    const entry = byTable.get(change.item.table.id) ?? { item: change.item, keys: [] };
    entry.keys.push(change.key);
    byTable.set(change.item.table.id, entry);
  }
  const current = new Map<number, Map<string, Record<string, unknown>>>();
  for (const [id, { item, keys }] of byTable) current.set(id, await readBack(write, item, keys));
  return {
    after: (change) =>
      change.action === 'delete'
        ? null
        : (current.get(change.item.table.id)?.get(keyText(change.item, change.key)) ?? null),
  };
};

/** The values a deleted record had (its revision's old values; secrets never among them). */
export const lastValues = (change: RecordChange): Record<string, unknown> =>
  Object.fromEntries(
    change.changes.flatMap((column) =>
      !column.secret && 'old' in column ? [[column.column, column.old]] : [],
    ),
  );

/**
 * A listener's condition on a table, parsed once per listener and table: null for none, false when
 * it no longer fits the table (a column renamed since), and then nothing gets through.
 */
export const conditionParser = (): ((
  listener: { id: number; condition: string | null },
  item: ItemTable,
) => Condition | null | false) => {
  const conditions = new Map<string, Condition | null | false>();
  return (listener, item) => {
    const memo = `${String(listener.id)}:${String(item.table.id)}`;
    let condition = conditions.get(memo);
    if (condition === undefined) {
      try {
        condition = parseWebhookCondition(listener.condition, item.query);
      } catch {
        condition = false;
      }
      conditions.set(memo, condition);
    }
    return condition;
  };
};
