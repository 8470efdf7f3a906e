import { itemsMessage } from '../../i18n/items-messages';
import { coerceValue } from '../../query/coerce-value';
import type { ScalarValue } from '../../query/query-types';
import { assertValuesSettable } from '../permissions/assert-values-settable';
import { nextValue } from '../sequences/next-value';
import { columnValue } from './column-value';
import { fullTextBody } from './full-text-body';
import type { ItemTable } from './item-table';
import type { KeyValues } from './record-keys';
import {
  hashPasswords,
  isPlainObject,
  notAnObject,
  payloadFor,
  throwFieldErrors,
  type WriteOptions,
} from './record-payload';
import { systemValues } from './system-columns';
import { hooksOf, type WriteContext } from './write-context';
import { writeChildren } from './write-children';

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

/** Inserts one prepared row; returns its key (the generated one for an auto-increment key). */
export const insertRow = async (
  write: WriteContext,
  item: ItemTable,
  row: Record<string, unknown>,
): Promise<KeyValues> => {
  const { tableName } = item.table;
  const [single] = item.keys;
  const generated =
    item.keys.length === 1 && single && single.autoIncrement && row[single.name] === undefined;
  if (!generated) {
    await write.db(tableName).insert(row);
    return Object.fromEntries(item.keys.map((key) => [key.name, row[key.name] as ScalarValue]));
  }
  const result: unknown[] =
    write.dialect === 'mysql'
      ? await write.db(tableName).insert(row)
      : await write.db(tableName).insert(row, [single.name]);
  const first = result[0];
  const id =
    typeof first === 'object' && first !== null ? (first as Record<string, unknown>)[single.name] : first;
  const coerced = coerceValue(single, typeof id === 'bigint' ? id.toString() : (id as ScalarValue));
  if (!coerced.ok) throw new Error(`unexpected generated key ${String(id)} for ${tableName}`);
  return { [single.name]: coerced.value };
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
  await hooksOf(write).run('beforeCreate', { write, item, values, path: options.path });
  const clear = { ...values };
  await hashPasswords(item, values as Record<string, ScalarValue | null>);
  Object.assign(values, systemValues(item.table.columns, 'create', write.now, write.userId));
  if (item.fullText) values[item.fullText.name] = fullTextBody(item.table.columns, clear, item.fullText);
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
  await hooksOf(write).run('afterCreate', { write, item, key, values });
  for (const nested of children) {
    const relation = item.relations.find((candidate) => candidate.name === nested.relation);
    if (!relation) continue;
    const parentValue = await columnValue(write, item, key, values, relation.fromColumn.name);
    await writeChildren(write, relation, parentValue, nested.value, { ...options, mode: 'create' });
  }
  return key;
};
