import { sqlDialect } from '../../dialects/sql/sql-dialects';
import type { RevisionAction } from '../../../../contract/revision';
import { LOCK_COLUMN, SOFT_DELETE_COLUMN } from '../../../../contract/system-columns';
import { ApiException } from '../../errors/api-exception';
import { itemsMessage } from '../../i18n/items-messages';
import type { ScalarValue } from '../../query/query-types';
import { coerceValue } from '../../query/coerce-value';
import { assertValuesSettable } from '../permissions/assert-values-settable';
import { updatedChanges } from '../history/column-changes';
import { fullTextBody } from './full-text-body';
import { columnValue } from './column-value';
import { hashPasswords, isPlainObject, notAnObject, payloadFor, type WriteOptions } from './record-payload';
import type { ItemTable } from './item-table';
import { laterStamp } from './later-stamp';
import { assertFresh } from './staleness';
import { readRows } from './read-rows';
import { assertRowsWithin } from './row-filter';
import { whereKeys, type KeyValues } from './record-keys';
import { systemValues } from './system-columns';
import { isReadable, toRecord } from './to-record';
import type { WriteContext } from './write-context';

/** The stored record, locked for the rest of the transaction (PostgreSQL, MySQL); 404 if none. */
const currentRecord = async (write: WriteContext, item: ItemTable, key: KeyValues) => {
  const columns = item.table.columns.filter(isReadable).map((column) => column.name);
  const query = whereKeys(readRows(write.db, write.dialect, item.table.tableName, columns), item, [key]);
  sqlDialect(write.dialect).lockForUpdate(query);
  const row: Record<string, unknown> | undefined = await query.first();
  if (!row) throw new ApiException('NOT_FOUND');
  return toRecord(item.table.columns, row);
};

const isSet = (value: unknown): boolean => value === true || Number(value) === 1;

/**
 * The revision of an update: one that moves the record into or out of the recycle bin (a body
 * setting `isDeleted`, a form's or an import's) is a soft delete or a restore, as the delete and
 * restore calls record it, whatever else it changes.
 */
const updateAction = (current: Record<string, unknown>, values: Record<string, unknown>): RevisionAction => {
  if (!Object.hasOwn(values, SOFT_DELETE_COLUMN)) return 'update';
  const [was, is] = [isSet(current[SOFT_DELETE_COLUMN]), isSet(values[SOFT_DELETE_COLUMN])];
  if (was === is) return 'update';
  return is ? 'softDelete' : 'restore';
};

/**
 * A request whose every field the server drops (not updatable, filled by the server) would answer
 * success and change nothing: 400 naming those fields instead. Only for the record itself; nested
 * children sent back as they were are synced, not refused.
 */
const refuseEmptyUpdate = (
  item: ItemTable,
  body: Record<string, unknown>,
  payload: { values: Record<string, unknown>; nested: unknown[] },
  options: WriteOptions,
): void => {
  if (Object.keys(payload.values).length > 0 || payload.nested.length > 0) return;
  if (Object.keys(options.fixed).length > 0) return;
  const columns = new Set(item.table.columns.map((column) => column.name));
  const dropped = Object.keys(body).filter((name) => columns.has(name) && name !== LOCK_COLUMN);
  throw new ApiException(
    'VALIDATION_ERROR',
    itemsMessage('nothingToUpdate'),
    Object.fromEntries(
      dropped.slice(0, 50).map((name) => [`${options.path}${name}`, itemsMessage('notUpdatable')]),
    ),
  );
};

/**
 * Updates one record (PATCH semantics: only the fields present change) and syncs the children
 * given under its OneToMany / MainToSub relations, in the caller's transaction. A body
 * `lastModifiedDate` older than the stored one is a 409 before anything is written.
 */
export const updateRecord = async (
  write: WriteContext,
  item: ItemTable,
  key: KeyValues,
  body: unknown,
  options: WriteOptions,
): Promise<void> => {
  if (!isPlainObject(body)) throw notAnObject(options.path);
  const current = await currentRecord(write, item, key);
  await assertRowsWithin(write, item, [key], 'update');
  assertFresh(item, body, current, options.path);
  const payload = payloadFor(item, body, 'update', options);
  if (options.depth === 0) refuseEmptyUpdate(item, body, payload, options);
  assertValuesSettable(item, write.rules, payload.values, options.path);
  const values: Record<string, unknown> = { ...payload.values, ...options.fixed };
  await write.hooks.run('beforeUpdate', { write, item, current, values, path: options.path });
  const clear = { ...current, ...values };
  await hashPasswords(item, values as Record<string, ScalarValue | null>);
  const stamp = laterStamp(write.now, current[LOCK_COLUMN]);
  Object.assign(values, systemValues(item.table.columns, 'update', stamp, write.userId));
  if (item.fullText && item.fullTextDerived)
    values[item.fullText.name] = fullTextBody(item.table.columns, clear, item.fullText);
  if (Object.keys(values).length > 0) {
    await whereKeys(write.db(item.table.tableName), item, [key]).update(values);
  }
  // The record as changed must still be one the user may update.
  await assertRowsWithin(write, item, [key], 'update', { readable: false });
  write.changed({
    item,
    key,
    action: options.action ?? updateAction(current, values),
    changes: updatedChanges(item, current, values),
  });
  for (const nested of payload.nested) {
    const relation = item.relations.find((candidate) => candidate.name === nested.relation);
    if (!relation) continue;
    const parentValue = await columnValue(write, item, key, clear, relation.fromColumn.name);
    await write.writeChildren(write, relation, parentValue, nested.value, { ...options, mode: 'update' });
  }
  await write.hooks.run('afterUpdate', { write, item, key, current, values });
};

const sameValue = (column: Parameters<typeof coerceValue>[0], stored: unknown, value: unknown): boolean => {
  if (stored === null || stored === undefined) return value === null;
  if (value === null) return false;
  const coerced = coerceValue(column, stored as ScalarValue);
  return coerced.ok && String(coerced.value) === String(value);
};

/**
 * Whether an update body would change nothing of a stored record: every value it sets equals the
 * stored one and it carries no nested children. Used for a read-only table reached through a
 * relation, whose rows may be listed again as they are but not changed.
 */
export const changesNothing = async (
  write: WriteContext,
  item: ItemTable,
  key: KeyValues,
  body: unknown,
  options: WriteOptions,
): Promise<boolean> => {
  if (!isPlainObject(body)) throw notAnObject(options.path);
  const payload = payloadFor(item, body, 'update', options);
  if (payload.nested.length > 0) return false;
  const current = await currentRecord(write, item, key);
  return Object.entries(payload.values).every(([name, value]) => {
    const column = item.table.columns.find((candidate) => candidate.name === name);
    return column !== undefined && sameValue(column, current[name], value);
  });
};
