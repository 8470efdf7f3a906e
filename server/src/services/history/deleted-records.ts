import type { Knex } from 'knex';
import type { ColumnChange, DeletedRecord, RevisionChannel } from '../../../../contract/revision';
import { SHARED_STATE } from '../../db/table-names';
import type { ItemContext } from '../items/item-context';
import type { ItemTable } from '../items/item-table';
import { readRows } from '../items/read-rows';
import { parseRecordKey, whereKeys, type KeyValues } from '../items/record-keys';
import { toRecord } from '../items/to-record';
import { conditionHolds } from '../../query/condition-holds';
import { rowConditionOf } from '../permissions/row-scope';
import { visibleChanges } from './read-history';
import type { RevisionRow } from './revision-row';
import { revisionKey } from './revision-log';

/** Deletions looked at per step: each step asks the record's table once which of them exist. */
const SCAN_STEP = 200;

/** A deletion as the scan finds it: the record's key text and, when it still parses, its values. */
interface Deletion {
  id: number;
  recordKey: string;
  key: KeyValues | null;
}

/** The last values a delete revision kept (its changes' `old`). */
const lastValues = (changes: string): Record<string, unknown> =>
  Object.fromEntries(
    (JSON.parse(changes) as ColumnChange[]).flatMap((change) =>
      Object.hasOwn(change, 'old') ? [[change.column, change.old]] : [],
    ),
  );

/**
 * The user's read rule on the table (docs/permissions.md), as a test of a deleted record's last
 * values; null when no rule restricts reading it. A deleted record is not in its table, so the rule
 * is judged on what its revision kept (query/condition-holds.ts), every column of it: a rule may
 * test a column the user may not read.
 */
const readRuleOf = (context: ItemContext, item: ItemTable): ((changes: string) => boolean) | null => {
  const condition = rowConditionOf(context.rows, item.table, 'read');
  if (!condition) return null;
  const table = context.rows?.tables.get(item.table.id)?.query;
  if (!table) return () => false;
  return (changes) => conditionHolds(condition, lastValues(changes), table);
};

/**
 * The table's records whose latest revision is a hard delete, by that revision, newest first, below
 * revision `before`: the index cb_revision_action finds the table's deletions newest first, and NOT
 * EXISTS a later revision of the same record (index cb_revision_record) drops a deletion the record
 * came back from (restored or created anew, and maybe deleted again: then that later deletion counts).
 */
const latestDeletions = (
  primary: Knex,
  context: Pick<ItemContext, 'dataSource'>,
  item: ItemTable,
  before: number | null,
  limit: number,
  withChanges: boolean,
): Knex.QueryBuilder => {
  const later = primary({ later: SHARED_STATE.revision })
    .select('later.id')
    .whereRaw('?? = ??', ['later.dataSource', 'deletion.dataSource'])
    .whereRaw('?? = ??', ['later.tableName', 'deletion.tableName'])
    .whereRaw('?? = ??', ['later.recordKey', 'deletion.recordKey'])
    .whereRaw('?? > ??', ['later.id', 'deletion.id']);
  const query = primary({ deletion: SHARED_STATE.revision })
    .where('deletion.dataSource', context.dataSource)
    .where('deletion.tableName', item.table.name)
    .where('deletion.action', 'delete')
    .whereNotExists(later)
    .orderBy('deletion.id', 'desc')
    .limit(limit)
    .select('deletion.id', 'deletion.recordKey', ...(withChanges ? ['deletion.changes'] : []));
  return before === null ? query : query.where('deletion.id', '<', before);
};

/** The key of a stored key text; null when it no longer parses (the key's type changed, or it was cut). */
const keyOf = (item: ItemTable, recordKey: string): KeyValues | null => {
  try {
    return parseRecordKey(item, recordKey);
  } catch {
    return null;
  }
};

/**
 * Which of the deletions' records exist now: one query on the record's table, in its own data
 * source (not necessarily primary's database). A record stored now, soft-deleted or not, is no
 * deleted record; one whose key no longer parses cannot be named and is left out too.
 */
const missingOf = async (
  context: ItemContext,
  item: ItemTable,
  deletions: Deletion[],
): Promise<Deletion[]> => {
  const keys = deletions.flatMap((deletion) => (deletion.key ? [deletion.key] : []));
  if (keys.length === 0) return [];
  const names = item.keys.map((column) => column.name);
  const rows: Record<string, unknown>[] = await whereKeys(
    readRows(context.db, context.dialect, item.table.tableName, names),
    item,
    keys,
  );
  const stored = new Set(rows.map((row) => revisionKey(item, toRecord(item.keys, row))));
  return deletions.filter((deletion) => deletion.key !== null && !stored.has(deletion.recordKey));
};

/**
 * Walks the table's deleted records newest first, a step at a time, handing each step's records
 * that do not exist now, and that the user's read rule lets through, to `take` until it answers false.
 */
const walkDeleted = async (
  primary: Knex,
  context: ItemContext,
  item: ItemTable,
  take: (missing: Deletion[]) => boolean,
): Promise<void> => {
  const readable = readRuleOf(context, item);
  let before: number | null = null;
  for (;;) {
    const rows: { id: number | string; recordKey: string; changes?: string }[] = await latestDeletions(
      primary,
      context,
      item,
      before,
      SCAN_STEP,
      readable !== null,
    );
    if (rows.length === 0) return;
    const deletions = rows.flatMap((row) =>
      readable === null || readable(row.changes ?? '[]')
        ? [{ id: Number(row.id), recordKey: row.recordKey, key: keyOf(item, row.recordKey) }]
        : [],
    );
    if (!take(await missingOf(context, item, deletions))) return;
    if (rows.length < SCAN_STEP) return;
    before = Number(rows[rows.length - 1]?.id);
  }
};

/** Whether the user's read rule lets a deletion's record through (no rule: every one). */
export const deletionReadable = (context: ItemContext, item: ItemTable, changes: string): boolean =>
  readRuleOf(context, item)?.(changes) ?? true;

/** A delete revision as the deleted list sends it: the last values the reader may read. */
const toDeletedRecord = (item: ItemTable, row: RevisionRow & { recordKey: string }): DeletedRecord => {
  const changes = visibleChanges(item, JSON.parse(row.changes) as ColumnChange[]);
  return {
    revisionId: Number(row.id),
    key: row.recordKey,
    time: Number(row.at),
    user: { id: row.userId === null ? null : Number(row.userId), name: row.userName },
    channel: row.channel as RevisionChannel,
    requestId: row.requestId,
    values: Object.fromEntries(
      changes.flatMap((change) => (Object.hasOwn(change, 'old') ? [[change.column, change.old]] : [])),
    ),
  };
};

/**
 * GET /api/business/{table}/deleted: the table's hard-deleted records that do not exist now, each
 * with its latest deletion, newest first. `item` is the table as the reader may read it (column
 * rules), `context` reads the record's own data source; revisions are in `primary`.
 */
export const readDeleted = async (
  primary: Knex,
  context: ItemContext,
  item: ItemTable,
  page: { offset: number; limit: number },
): Promise<DeletedRecord[]> => {
  let skip = page.offset;
  const chosen: Deletion[] = [];
  await walkDeleted(primary, context, item, (missing) => {
    const skipped = Math.min(skip, missing.length);
    skip -= skipped;
    chosen.push(...missing.slice(skipped, skipped + page.limit - chosen.length));
    return chosen.length < page.limit;
  });
  if (chosen.length === 0) return [];
  const rows: (RevisionRow & { recordKey: string })[] = await primary(SHARED_STATE.revision)
    .whereIn(
      'id',
      chosen.map((deletion) => deletion.id),
    )
    .orderBy('id', 'desc')
    .select('id', 'recordKey', 'at', 'userId', 'userName', 'channel', 'requestId', 'changes');
  return rows.map((row) => toDeletedRecord(item, row));
};

/** GET /api/business/{table}/deleted/count: how many records the deleted list holds. */
export const countDeleted = async (primary: Knex, context: ItemContext, item: ItemTable): Promise<number> => {
  let count = 0;
  await walkDeleted(primary, context, item, (missing) => {
    count += missing.length;
    return true;
  });
  return count;
};
