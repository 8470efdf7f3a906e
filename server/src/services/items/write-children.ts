import { EMBEDDED_CHILDREN_LIMIT } from '../../../../contract/index';
import { ApiException } from '../../errors/api-exception';
import { itemsMessage } from '../../i18n/items-messages';
import { coerceValue } from '../../query/coerce-value';
import { deleteRecords } from './delete-records';
import { insertRecord } from './insert-record';
import { assertWritableRelated } from './assert-writable-related';
import { assertMay } from './item-context';
import type { ItemRelation, ItemTable } from './item-table';
import { readRows } from './read-rows';
import { keyText, type KeyValues } from './record-keys';
import { isPlainObject, throwFieldErrors, type WriteOptions } from './record-payload';
import { toRecord } from './to-record';
import { changesNothing, updateRecord } from './update-record';
import { MAX_WRITE_DEPTH } from './max-write-depth';
import { assertRowsWithin, filterRows } from './row-filter';
import type { WriteContext } from './write-context';

export interface ChildWriteOptions extends WriteOptions {
  mode: 'create' | 'update';
}

const fieldError = (field: string, key: Parameters<typeof itemsMessage>[0]) =>
  new ApiException('VALIDATION_ERROR', undefined, { [field]: itemsMessage(key) });

/** The child bodies of a relation value: an array (OneToMany) or one object or null (MainToSub). */
const childBodies = (relation: ItemRelation, value: unknown, field: string): unknown[] => {
  if (relation.relationType === 'OneToMany') {
    if (!Array.isArray(value)) throw fieldError(field, 'notArray');
    return value;
  }
  if (value === null) return [];
  if (!isPlainObject(value)) throw fieldError(field, 'notObject');
  return [value];
};

/** Whether a child body is a new row: flagged by the web app, or without (part of) its key. */
const isNewRow = (child: ItemTable, body: unknown): boolean => {
  if (!isPlainObject(body)) return true;
  if (body.isNewRow === true) return true;
  return child.keys.some(
    (key) => body[key.name] === undefined || body[key.name] === null || body[key.name] === '',
  );
};

const childKey = (child: ItemTable, body: Record<string, unknown>, path: string): KeyValues => {
  const key: KeyValues = {};
  const errors: Record<string, ReturnType<typeof itemsMessage>> = {};
  for (const column of child.keys) {
    const coerced = coerceValue(column, body[column.name]);
    if (coerced.ok) key[column.name] = coerced.value;
    else errors[column.name] = coerced.message;
  }
  throwFieldErrors(errors, path);
  return key;
};

/** Keys of the children a parent holds now. */
const existingChildren = async (
  write: WriteContext,
  child: ItemTable,
  relation: ItemRelation,
  parentValue: unknown,
) => {
  // Children the user's read rule leaves out are not the user's to sync: neither changed nor removed.
  const rows: Record<string, unknown>[] = await filterRows(
    readRows(
      write.db,
      write.dialect,
      child.table.tableName,
      child.keys.map((key) => key.name),
    ),
    write,
    child.table,
    'read',
    child.table,
  ).where(`${child.table.tableName}.${relation.toColumn.name}`, parentValue as string | number | boolean);
  return new Map(
    rows.map((row) => {
      const key = toRecord(child.table.columns, row) as KeyValues;
      return [keyText(child, key), key];
    }),
  );
};

/**
 * Writes the children given under a OneToMany / MainToSub relation of a record, in the same
 * transaction, each with its foreign key set to the parent's value. On create every child is
 * inserted; on update the children are synced: new rows (no key, or flagged isNewRow) inserted,
 * rows with a key of one of this parent's children updated, this parent's children missing from
 * the body deleted (with their own children). A key of any other row is a 400. A parent holding
 * more OneToMany children than a read embeds (EMBEDDED_CHILDREN_LIMIT) is never synced by
 * deletion: a list that leaves any of them out is a 400 (a record read back would list only the
 * first ones); its children are deleted through their own table. Each write needs
 * the user's permission on the child table, and the child table's column rules apply; a write into
 * a read-only child table is a 409 (its rows may only be listed unchanged).
 */
export const writeChildren = async (
  write: WriteContext,
  relation: ItemRelation,
  parentValue: unknown,
  value: unknown,
  options: ChildWriteOptions,
): Promise<void> => {
  const field = `${options.path}${relation.name}`;
  if (options.depth + 1 > MAX_WRITE_DEPTH) throw fieldError(field, 'nestedTooDeep');
  const bodies = childBodies(relation, value, field);
  const child = await write.tableById(relation.toTable.id);
  const foreignKey = coerceValue(relation.toColumn, parentValue);
  if (!foreignKey.ok) throw new ApiException('VALIDATION_ERROR', undefined, { [field]: foreignKey.message });
  const childOptions = (index: number) => ({
    path: relation.relationType === 'OneToMany' ? `${field}.${index}.` : `${field}.`,
    depth: options.depth + 1,
    fixed: { [relation.toColumn.name]: foreignKey.value },
  });

  if (options.mode === 'create') {
    if (bodies.length > 0) assertWritableRelated(child.table);
    if (bodies.length > 0) assertMay(write, child.table, 'create');
    for (const [index, body] of bodies.entries()) await insertRecord(write, child, body, childOptions(index));
    return;
  }

  // A parent with more children than a read embeds: a list that leaves any out (as a list read
  // back from a record would) is refused rather than read as deleting them.
  const existing = await existingChildren(write, child, relation, foreignKey.value);
  const holding = relation.relationType === 'OneToMany' ? existing.size : 0;
  const tooMany = holding > EMBEDDED_CHILDREN_LIMIT;
  const leavesOut = () =>
    new ApiException('VALIDATION_ERROR', undefined, {
      [field]: itemsMessage('childrenLeftOut', {
        count: holding,
        limit: EMBEDDED_CHILDREN_LIMIT,
        table: child.table.name,
      }),
    });
  if (tooMany && bodies.filter((body) => !isNewRow(child, body)).length < holding) throw leavesOut();
  const kept = new Set<string>();
  for (const [index, body] of bodies.entries()) {
    const nested = childOptions(index);
    if (isNewRow(child, body)) {
      assertWritableRelated(child.table);
      assertMay(write, child.table, 'create');
      await insertRecord(write, child, body, nested);
      continue;
    }
    const key = childKey(child, body as Record<string, unknown>, nested.path);
    const text = keyText(child, key);
    if (!existing.has(text)) {
      throw new ApiException('VALIDATION_ERROR', undefined, {
        [nested.path.replace(/\.$/, '')]: itemsMessage('notChild', { key: text.slice(0, 100) }),
      });
    }
    kept.add(text);
    if (child.table.readOnly) {
      // A read-only child listed as it is stays; any change to it is refused.
      if (!(await changesNothing(write, child, key, body, nested))) assertWritableRelated(child.table);
      continue;
    }
    assertMay(write, child.table, 'update');
    await updateRecord(write, child, key, body, nested);
  }
  const removed = [...existing].filter(([text]) => !kept.has(text)).map(([, key]) => key);
  if (tooMany && removed.length > 0) throw leavesOut();
  if (removed.length > 0) {
    assertWritableRelated(child.table);
    assertMay(write, child.table, 'delete');
    await assertRowsWithin(write, child, removed, 'delete');
    await deleteRecords(write, child, removed, options.depth + 1);
  }
};
