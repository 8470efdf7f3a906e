import type { Knex } from 'knex';
import {
  LOCK_COLUMN,
  SOFT_DELETE_COLUMN,
  SYSTEM_COLUMNS,
  type SystemColumnName,
} from '../../../../contract/system-columns';
import type { ColumnChange } from '../../../../contract/revision';
import { ApiException } from '../../errors/api-exception';
import { historyMessage } from '../../i18n/history-messages';
import { SHARED_STATE } from '../../db/table-names';
import { readOnlyNames } from '../permissions/narrow-item';
import { insertRecord } from '../items/insert-record';
import { assertMay, type ItemContext } from '../items/item-context';
import type { ItemTable } from '../items/item-table';
import { readRows } from '../items/read-rows';
import { recordExists } from '../items/record-exists';
import { parseRecordKey, whereKeys, type KeyValues } from '../items/record-keys';
import { isReadable, toRecord } from '../items/to-record';
import { updateRecord } from '../items/update-record';
import { assertFresh } from '../items/staleness';
import { runWrite, type WriteContext } from '../items/write-context';
import { assertReadable } from '../items/row-filter';
import { assertParentsExist } from './assert-parents-exist';
import { deletionReadable } from './deleted-records';
import { revisionsAfter } from './read-history';
import { batchEntries } from './pack-create-batches';
import { revisionKey } from './revision-log';
import { revisionState } from '../../../../contract/revision-state';

const isStamped = (name: string): boolean =>
  Object.hasOwn(SYSTEM_COLUMNS, name) && SYSTEM_COLUMNS[name as SystemColumnName].filledOnCreate;

/**
 * The columns the user may set back: shown by records, readable and changeable under their
 * column rules, changeable by the table's design, not a bookkeeping stamp nor the soft-delete
 * flag (the recycle bin's); on update not a key (a re-created record gets its key back as it was).
 */
const restorableColumns = (context: ItemContext, item: ItemTable, mode: 'create' | 'update'): Set<string> => {
  const denied = readOnlyNames(item, context.rules);
  const keys = new Set(item.keys.map((key) => key.name));
  return new Set(
    item.table.columns
      .filter(
        (column) =>
          isReadable(column) &&
          !denied.has(column.name) &&
          !isStamped(column.name) &&
          column.name !== SOFT_DELETE_COLUMN &&
          !keys.has(column.name) &&
          (mode === 'create' ? column.insertable : column.updatable),
      )
      .map((column) => column.name),
  );
};

/** What a history restore asks: only some columns, and the record's stamp as the client saw it. */
export interface RestoreRequest {
  columns?: readonly string[] | undefined;
  lastModifiedDate?: string | number | undefined;
}

interface StoredRevision {
  id: number | string;
  dataSource: string;
  tableName: string;
  recordKey: string;
  action: string;
  changes: string;
  keyFrom?: number | string | null;
}

/** Whether a stored revision is one of this record's: its own row, or a batch holding its create. */
const holds = (target: StoredRevision, dataSource: string, item: ItemTable, recordKey: string): boolean => {
  if (target.dataSource !== dataSource || target.tableName !== item.table.name) return false;
  if (target.keyFrom === null || target.keyFrom === undefined) return target.recordKey === recordKey;
  return batchEntries(target.changes).has(recordKey);
};

const parse = (row: { action: string; changes: string }) => ({
  action: row.action,
  changes: JSON.parse(row.changes) as ColumnChange[],
});

/**
 * Creates a hard-deleted record again with its key and `values` (restorable columns only), through
 * the create path: a revision of its own (channel `restore`, action `create`), a constraint the
 * usual 409. Needs the create permission.
 */
const recreate = async (
  write: WriteContext,
  context: ItemContext,
  item: ItemTable,
  key: KeyValues,
  values: Record<string, unknown>,
): Promise<{ columns: string[] }> => {
  assertMay(context, item.table, 'create');
  await assertParentsExist(write, item, values);
  await insertRecord(write, item, values, { path: '', depth: 0, fixed: key });
  // The record as created must be one the user's read rule lets through (else, rolled back, 404).
  await assertReadable(write, item, key);
  return { columns: Object.keys(values) };
};

/**
 * POST …/{id}/history/{revisionId}/restore: sets the record back to how it was right after the
 * revision (revision-state.ts), all its restorable columns or only `columns`, through the normal
 * update path (so it is a revision of its own, channel `restore`; a constraint is the usual 409);
 * a record hard-deleted since is created again with its key (needs the create permission).
 * 404 for an unknown revision, 400 for one of another record or one that deleted the record.
 * Under a read rule, a record the rule keeps out, or one that is gone, is 404 before anything is
 * looked at (its deleted-record restore brings a gone one back). With `lastModifiedDate` (the
 * record's stamp as the client saw it), a record saved since, or hard-deleted since, is a 409 whose
 * `errors` name `lastModifiedDate`, and nothing is written: the client asks before restoring over a
 * newer edit. Answers the columns set back (none when the record already is as it was).
 */
export const restoreRevision = async (
  primary: Knex,
  context: ItemContext,
  item: ItemTable,
  key: KeyValues,
  revisionId: number,
  asked: RestoreRequest = {},
): Promise<{ columns: string[] }> => {
  const { columns, lastModifiedDate: seen } = asked;
  const seenBody: Record<string, unknown> = seen === undefined ? {} : { [LOCK_COLUMN]: seen };
  await assertReadable(context, item, key);
  const target: StoredRevision | undefined = await primary(SHARED_STATE.revision)
    .where('id', revisionId)
    .first();
  if (!target) throw new ApiException('NOT_FOUND');
  if (!holds(target, context.dataSource, item, revisionKey(item, key))) {
    throw new ApiException('VALIDATION_ERROR', historyMessage('otherRecord', { id: revisionId }), {
      revisionId: historyMessage('otherRecord', { id: revisionId }),
    });
  }
  if (target.action === 'delete') {
    throw new ApiException('VALIDATION_ERROR', historyMessage('deletedByRevision', { id: revisionId }));
  }
  const later = await revisionsAfter(primary, context, item, key, revisionId);
  const state = revisionState(later.map(parse));

  return runWrite(context, item, async (write) => {
    const readable = item.table.columns.filter(isReadable).map((column) => column.name);
    const row: Record<string, unknown> | undefined = await whereKeys(
      readRows(write.db, write.dialect, item.table.tableName, readable),
      item,
      [key],
    ).first();
    const stored = row ? toRecord(item.table.columns, row) : undefined;
    const mode = stored ? 'update' : 'create';
    if (stored) assertFresh(item, seenBody, stored, '');
    else if (seen !== undefined) {
      const message = historyMessage('deletedSince');
      throw new ApiException('CONFLICT', message, { [LOCK_COLUMN]: message });
    }
    const restorable = restorableColumns(context, item, mode);
    if (columns) {
      const refused = columns.filter((name) => !restorable.has(name));
      if (refused.length > 0) {
        const message = historyMessage('notRestorable', { names: refused.slice(0, 20).join(', ') });
        throw new ApiException('VALIDATION_ERROR', message, { columns: message });
      }
    }
    const chosen = new Set(columns ?? restorable);
    // Only what differs from now: a column already as it was is not set again.
    const values = Object.fromEntries(
      Object.entries(state).filter(
        ([name, value]) =>
          chosen.has(name) &&
          restorable.has(name) &&
          (!stored || JSON.stringify(stored[name] ?? null) !== JSON.stringify(value)),
      ),
    );
    if (mode === 'create') return recreate(write, context, item, key, values);
    if (Object.keys(values).length === 0) return { columns: [] };
    await assertParentsExist(write, item, values);
    // the stamp again, checked under the row lock the update takes
    await updateRecord(write, item, key, { ...values, ...seenBody }, { path: '', depth: 0, fixed: {} });
    return { columns: Object.keys(values) };
  });
};

/**
 * POST /api/business/{table}/deleted/{revisionId}/restore: creates a hard-deleted record again with
 * its key and the last values its `delete` revision kept (the restorable ones: see
 * `restorableColumns`), through the create path. 404 for an unknown revision, 400 for one that is
 * not a deletion of this table, 409 when the record exists again; 404 too for a deletion whose
 * last values the user's read rule keeps out (as the deleted list leaves it out). Answers its key
 * and the columns set.
 */
export const restoreDeleted = async (
  primary: Knex,
  context: ItemContext,
  item: ItemTable,
  revisionId: number,
): Promise<{ key: string; columns: string[] }> => {
  const target: StoredRevision | undefined = await primary(SHARED_STATE.revision)
    .where('id', revisionId)
    .first();
  if (!target) throw new ApiException('NOT_FOUND');
  const ours =
    target.dataSource === context.dataSource &&
    target.tableName === item.table.name &&
    target.action === 'delete';
  if (ours && !deletionReadable(context, item, target.changes)) throw new ApiException('NOT_FOUND');
  if (!ours) {
    const message = historyMessage('notADeletion', { id: revisionId });
    throw new ApiException('VALIDATION_ERROR', message, { revisionId: message });
  }
  const key = parseRecordKey(item, target.recordKey, 'revisionId');
  // A hard delete keeps every last value: the record as it was is its revision's `old` values.
  const state = revisionState([parse(target)]);

  return runWrite(context, item, async (write) => {
    if (await recordExists(write, item, key))
      throw new ApiException('CONFLICT', historyMessage('recordExists', { key: target.recordKey }));
    const restorable = restorableColumns(context, item, 'create');
    const values = Object.fromEntries(Object.entries(state).filter(([name]) => restorable.has(name)));
    return { key: target.recordKey, ...(await recreate(write, context, item, key, values)) };
  });
};
