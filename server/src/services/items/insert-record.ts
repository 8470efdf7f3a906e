import { sqlDialect } from '../../dialects/sql/sql-dialects';
import { itemsMessage } from '../../i18n/items-messages';
import { coerceValue } from '../../query/coerce-value';
import { invalidParam } from '../../query/query-error';
import type { ScalarValue } from '../../query/query-types';
import { assertValuesSettable } from '../permissions/assert-values-settable';
import { nextValue } from '../sequences/next-value';
import { createdChanges } from '../history/column-changes';
import { columnValue } from './column-value';
import { fullTextBody } from './full-text-body';
import type { ItemTable } from './item-table';
import type { KeyValues } from './record-keys';
import { assertRowsWithin } from './row-filter';
import {
  hashPasswords,
  isPlainObject,
  notAnObject,
  payloadFor,
  throwFieldErrors,
  type WriteOptions,
} from './record-payload';
import { systemValues } from './system-columns';
import type { WriteContext } from './write-context';

/** Values for the columns with a sequence that the body left out, drawn inside the transaction. */
const sequenceValues = async (
  write: WriteContext,
  item: ItemTable,
  values: Record<string, unknown>,
  path: string,
): Promise<Record<string, ScalarValue>> => {
  const drawn: Record<string, ScalarValue> = {};
  for (const column of item.table.columns) {
    if (column.seqId === null || Object.hasOwn(values, column.name)) continue;
    const value = await nextValue(write.db, column.seqId);
    const coerced = coerceValue(column, value);
    if (!coerced.ok) {
      const params = (reason: string) => ({ value: String(value), reason });
      const message = {
        zh: itemsMessage('sequenceValue', params(coerced.message.zh)).zh,
        en: itemsMessage('sequenceValue', params(coerced.message.en)).en,
      };
      throwFieldErrors({ [column.name]: message }, path);
    } else drawn[column.name] = coerced.value;
  }
  return drawn;
};

/** A generated key value as the API gives it back. */
const generatedKey = (key: ItemTable['keys'][number], value: unknown, tableName: string): ScalarValue => {
  const coerced = coerceValue(key, typeof value === 'bigint' ? value.toString() : (value as ScalarValue));
  if (!coerced.ok) throw new Error(`unexpected generated key ${String(value)} for ${tableName}`);
  return coerced.value;
};

/**
 * Inserts one prepared row; returns its key, with the values the database generated for key
 * columns the row left out (auto-increment, or a default such as `gen_random_uuid()`), read back
 * with RETURNING. MySQL has no RETURNING: it gives back an auto-increment value only, so a key
 * that another default of its would fill must be given.
 */
export const insertRow = async (
  write: WriteContext,
  item: ItemTable,
  row: Record<string, unknown>,
): Promise<KeyValues> => {
  const { tableName } = item.table;
  const generated = item.keys.filter(
    (key) => row[key.name] === undefined && (key.autoIncrement || key.nativeDefault !== null),
  );
  if (generated.length === 0) {
    await write.db(tableName).insert(row);
    return Object.fromEntries(item.keys.map((key) => [key.name, row[key.name] as ScalarValue]));
  }
  const [single] = item.keys;
  if (sqlDialect(write.dialect).insertedKeys === 'insertId') {
    if (!single || item.keys.length !== 1 || !single.autoIncrement) {
      const missing = generated.find((key) => !key.autoIncrement) ?? generated[0];
      throw invalidParam(missing?.name ?? 'body', itemsMessage('required'));
    }
    const [id] = (await write.db(tableName).insert(row)) as unknown[];
    return { [single.name]: generatedKey(single, id, tableName) };
  }
  const names = item.keys.map((key) => key.name);
  const [returned] = (await write.db(tableName).insert(row, names)) as Record<string, unknown>[];
  return Object.fromEntries(
    item.keys.map((key) => [
      key.name,
      row[key.name] === undefined
        ? generatedKey(key, returned?.[key.name], tableName)
        : (row[key.name] as ScalarValue),
    ]),
  );
};

/**
 * Inserts several prepared rows with one INSERT and returns their keys, in the rows' order: the
 * database's generated values read back with RETURNING (one row out per row in, in VALUES order, as
 * PostgreSQL and SQLite produce them for a multi-row insert). Only where the dialect returns keys
 * (`insertedKeys: 'returning'`); elsewhere insert one row at a time with `insertRow`.
 */
export const insertRowsReturningKeys = async (
  write: WriteContext,
  item: ItemTable,
  rows: readonly Record<string, unknown>[],
): Promise<KeyValues[]> => {
  const { tableName } = item.table;
  const names = item.keys.map((key) => key.name);
  const returned = (await write.db(tableName).insert([...rows], names)) as Record<string, unknown>[];
  if (returned.length !== rows.length)
    throw new Error(`${tableName}: ${returned.length} keys for ${rows.length} rows`);
  return rows.map((row, index) =>
    Object.fromEntries(
      item.keys.map((key) => [
        key.name,
        row[key.name] === undefined
          ? generatedKey(key, returned[index]?.[key.name], tableName)
          : (row[key.name] as ScalarValue),
      ]),
    ),
  );
};

/**
 * MySQL / MariaDB, which give back one auto-increment value per INSERT: the step between the keys
 * of a multi-row INSERT into `item` when they are known without reading them back, `null` when
 * not (the caller then inserts a row at a time). They are known when the table's single key is
 * an auto-increment of an InnoDB table and InnoDB hands a multi-row INSERT its values as one
 * consecutive run (`innodb_autoinc_lock_mode` 0 or 1; a Galera cluster runs 2): the first key,
 * then one `auto_increment_increment` further per row.
 */
export const consecutiveKeyStep = async (write: WriteContext, item: ItemTable): Promise<number | null> => {
  const [single] = item.keys;
  if (!single || item.keys.length !== 1 || !single.autoIncrement) return null;
  const result = (await write.db.raw(
    `SELECT @@innodb_autoinc_lock_mode AS mode, @@auto_increment_increment AS step,
            (SELECT ENGINE FROM information_schema.TABLES
              WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?) AS engine`,
    [item.table.tableName],
  )) as [{ mode: unknown; step: unknown; engine: unknown }[]];
  const settings = result[0]?.[0];
  if (!settings || String(settings.engine).toLowerCase() !== 'innodb' || Number(settings.mode) > 1)
    return null;
  const step = Number(settings.step);
  return Number.isInteger(step) && step >= 1 ? step : null;
};

/**
 * The keys of rows one multi-row INSERT wrote, in the rows' order: those the rows carry, else the
 * generated `first` and one `step` further per row.
 */
const countedKeys = (
  single: ItemTable['keys'][number],
  rows: readonly Record<string, unknown>[],
  first: bigint,
  step: number,
  tableName: string,
): KeyValues[] =>
  rows.map((row, index) => ({
    [single.name]:
      row[single.name] === undefined
        ? generatedKey(single, first + BigInt(index * step), tableName)
        : (row[single.name] as ScalarValue),
  }));

/**
 * Inserts several rows with one INSERT and returns their keys in the rows' order, on MySQL when
 * `consecutiveKeyStep` gave `step`: the keys the rows carry, else the driver's first insert id
 * and one step further per row.
 */
export const insertRowsWithKeyStep = async (
  write: WriteContext,
  item: ItemTable,
  rows: readonly Record<string, unknown>[],
  step: number,
): Promise<KeyValues[]> => {
  const { tableName } = item.table;
  const [single] = item.keys;
  if (!single) throw new Error(`${tableName}: no key`);
  const [first] = (await write.db(tableName).insert([...rows])) as unknown[];
  return countedKeys(single, rows, BigInt(String(first)), step, tableName);
};

/**
 * SQLite, for a table whose single key is an auto-increment (an INTEGER PRIMARY KEY AUTOINCREMENT,
 * the row id): each row of a multi-row INSERT takes the row id after the one before (SQLite gives
 * a new row one more than the largest ever used, and nothing else writes while a write holds the
 * file), so the keys are the last row id the driver reports, counted back, without reading them
 * back with RETURNING. Rows carrying their key go through `insertRowsReturningKeys`.
 */
export const insertRowsAfterLastRowid = async (
  write: WriteContext,
  item: ItemTable,
  rows: readonly Record<string, unknown>[],
): Promise<KeyValues[]> => {
  const { tableName } = item.table;
  const [single] = item.keys;
  if (
    !single ||
    item.keys.length !== 1 ||
    !single.autoIncrement ||
    rows.some((row) => row[single.name] !== undefined)
  )
    return insertRowsReturningKeys(write, item, rows);
  const [last] = (await write.db(tableName).insert([...rows])) as unknown[];
  return countedKeys(single, rows, BigInt(String(last)) - BigInt(rows.length - 1), 1, tableName);
};

/** A record ready to insert: its row (server-filled values included) and its nested children. */
export interface PreparedInsert {
  values: Record<string, unknown>;
  nested: { relation: string; value: unknown }[];
}

/**
 * The row a create writes for `body`: the body checked and coerced, sequences drawn, the system
 * tables' guards passed, passwords hashed, server-filled columns and the full-text body set.
 * Field errors are a 400 naming them.
 */
export const prepareInsert = async (
  write: WriteContext,
  item: ItemTable,
  body: unknown,
  options: WriteOptions,
): Promise<PreparedInsert> => {
  if (!isPlainObject(body)) throw notAnObject(options.path);
  const payload = payloadFor(item, body, 'create', options);
  assertValuesSettable(item, write.rules, payload.values, options.path);
  const values: Record<string, unknown> = { ...payload.values, ...options.fixed };
  Object.assign(values, await sequenceValues(write, item, values, options.path));
  await write.hooks.run('beforeCreate', { write, item, values, path: options.path });
  const clear = { ...values };
  await hashPasswords(item, values as Record<string, ScalarValue | null>);
  Object.assign(values, systemValues(item.table.columns, 'create', write.now, write.userId));
  if (item.fullText && item.fullTextDerived)
    values[item.fullText.name] = fullTextBody(item.table.columns, clear, item.fullText);
  return { values, nested: payload.nested };
};

/**
 * Inserts one record and, in the same transaction, its OneToMany / MainToSub children given under
 * the relations' names (each with its foreign key set). Server-filled columns, sequences,
 * password hashing and the full-text body are applied here. Returns the new record's key.
 */
export const insertRecord = async (
  write: WriteContext,
  item: ItemTable,
  body: unknown,
  options: WriteOptions,
): Promise<KeyValues> => {
  const { values, nested: children } = await prepareInsert(write, item, body, options);
  const key = await insertRow(write, item, values);
  // The new record must be one the user's create rule lets it make (403; the write rolls back).
  await assertRowsWithin(write, item, [key], 'create', { readable: false });
  write.changed({ item, key, action: 'create', changes: createdChanges(item, { ...values, ...key }) });
  await write.hooks.run('afterCreate', { write, item, key, values });
  for (const nested of children) {
    const relation = item.relations.find((candidate) => candidate.name === nested.relation);
    if (!relation) continue;
    const parentValue = await columnValue(write, item, key, values, relation.fromColumn.name);
    await write.writeChildren(write, relation, parentValue, nested.value, { ...options, mode: 'create' });
  }
  return key;
};
