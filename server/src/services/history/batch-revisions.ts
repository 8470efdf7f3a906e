import type { Knex } from 'knex';
import { SHARED_STATE } from '../../db/table-names';
import { isIntegerType } from '../../dialects/integer-range';
import type { ItemTable } from '../items/item-table';
import { BATCH_MAX_SPAN, batchEntries, batchKeyOf } from './pack-create-batches';
import type { RevisionRow } from './revision-row';

/** Whether a table's creates may go in batches (pack-create-batches.ts): one key, an integer. */
export const batchable = (item: ItemTable): boolean => {
  const [only, ...more] = item.keys;
  return only !== undefined && more.length === 0 && isIntegerType(only.dataType);
};

/** A batch row's columns besides its values. */
export interface BatchHead {
  id: number | string;
  keyFrom: number | string;
  keyTo: number | string;
  keyCount: number | string;
}

const REVISION = ['id', 'action', 'at', 'userId', 'userName', 'channel', 'requestId'] as const;

/** Runs of keys no farther apart than a batch is wide: each is one range to look for batches in. */
const keyRuns = (keys: readonly number[]): [number, number][] => {
  const sorted = [...keys].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const key of sorted) {
    const last = runs[runs.length - 1];
    if (last && key - last[1] <= BATCH_MAX_SPAN) last[1] = key;
    else runs.push([key, key]);
  }
  return runs;
};

/**
 * The batches of table `tableName` (in `dataSource`) whose key range holds one of `keys`: through
 * the index cb_revision_batch, a batch starting at most `BATCH_MAX_SPAN` below a key.
 */
export const batchesAround = (
  primary: Knex,
  dataSource: string,
  tableName: string,
  keys: readonly number[],
): Knex.QueryBuilder =>
  primary(SHARED_STATE.revision)
    .where('dataSource', dataSource)
    .where('tableName', tableName)
    .where((any) => {
      for (const [low, high] of keyRuns(keys)) {
        any.orWhere((run) =>
          run.whereBetween('keyFrom', [low - BATCH_MAX_SPAN, high]).where('keyTo', '>=', low),
        );
      }
    });

/** Whether a batch surely holds `key` without reading its values (it holds every key of its range). */
export const denseHolds = (head: BatchHead, key: number): boolean =>
  Number(head.keyCount) === Number(head.keyTo) - Number(head.keyFrom) + 1 &&
  key >= Number(head.keyFrom) &&
  key <= Number(head.keyTo);

/** Whether a batch's key range holds `key` (it may still not hold that record). */
export const inRange = (head: BatchHead, key: number): boolean =>
  key >= Number(head.keyFrom) && key <= Number(head.keyTo);

/** The integer keys of `recordKeys` (key texts), by text: those a batch may hold. */
const integerKeys = (item: ItemTable, recordKeys: readonly string[]): Map<string, number> => {
  const keys = new Map<string, number>();
  if (!batchable(item)) return keys;
  for (const recordKey of recordKeys) {
    const key = batchKeyOf(recordKey);
    if (key !== null) keys.set(recordKey, key);
  }
  return keys;
};

/**
 * The creates that batches hold of the records `recordKeys` (key texts as revisions store them),
 * each with its record's own changes, newest first per record; `after` keeps only revisions with a
 * larger id. One query, plus nothing for a table that has no batches.
 */
export const batchedRevisions = async (
  primary: Knex,
  dataSource: string,
  item: ItemTable,
  recordKeys: readonly string[],
  after?: number,
): Promise<Map<string, RevisionRow[]>> => {
  const found = new Map<string, RevisionRow[]>();
  const keys = integerKeys(item, recordKeys);
  if (keys.size === 0) return found;
  const query = batchesAround(primary, dataSource, item.table.name, [...keys.values()]);
  if (after !== undefined) query.where('id', '>', after);
  const rows: (BatchHead & RevisionRow)[] = await query
    .orderBy('id', 'desc')
    .select(...REVISION, 'changes', 'keyFrom', 'keyTo', 'keyCount');
  for (const row of rows) {
    const asked = [...keys].filter(([, key]) => inRange(row, key));
    if (asked.length === 0) continue;
    const entries = batchEntries(row.changes);
    for (const [recordKey] of asked) {
      const changes = entries.get(recordKey);
      if (changes === undefined) continue;
      const list = found.get(recordKey) ?? [];
      found.set(recordKey, list);
      list.push({ ...row, changes: JSON.stringify(changes) });
    }
  }
  return found;
};

/**
 * The newest batch holding each of `recordKeys`, without its values: its id and columns, by key
 * text. A batch that holds every key of its range answers from its head; another is read.
 */
export const newestBatchOf = async (
  primary: Knex,
  dataSource: string,
  item: ItemTable,
  recordKeys: readonly string[],
): Promise<Map<string, Omit<RevisionRow, 'changes'>>> => {
  const found = new Map<string, Omit<RevisionRow, 'changes'>>();
  const keys = integerKeys(item, recordKeys);
  if (keys.size === 0) return found;
  const rows: (BatchHead & Omit<RevisionRow, 'changes'>)[] = await batchesAround(
    primary,
    dataSource,
    item.table.name,
    [...keys.values()],
  )
    .orderBy('id', 'desc')
    .select(...REVISION, 'keyFrom', 'keyTo', 'keyCount');
  for (const row of rows) {
    const open = [...keys].filter(([recordKey, key]) => !found.has(recordKey) && inRange(row, key));
    if (open.length === 0) continue;
    const held = open.every(([, key]) => denseHolds(row, key))
      ? null
      : batchEntries(
          String(
            (await primary(SHARED_STATE.revision).where('id', row.id).first('changes'))?.changes ?? '[]',
          ),
        );
    for (const [recordKey] of open) {
      if (held === null || held.has(recordKey)) found.set(recordKey, row);
    }
  }
  return found;
};

/** The key texts a batch holds, in key order: from its head when it holds its whole range. */
export const batchMembers = async (primary: Knex, head: BatchHead): Promise<string[]> => {
  const from = Number(head.keyFrom);
  const to = Number(head.keyTo);
  if (Number(head.keyCount) === to - from + 1)
    return Array.from({ length: to - from + 1 }, (_, n) => String(from + n));
  const row: { changes?: string } | undefined = await primary(SHARED_STATE.revision)
    .where('id', head.id)
    .first('changes');
  return [...batchEntries(row?.changes ?? '[]').keys()];
};
