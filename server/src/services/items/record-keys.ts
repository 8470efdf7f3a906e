import type { Knex } from 'knex';
import { itemsMessage } from '../../i18n/items-messages';
import { coerceValue } from '../../query/coerce-value';
import { invalidParam } from '../../query/query-error';
import type { ScalarValue } from '../../query/query-types';
import { decodeRecordKey, encodeRecordKey, splitRecordKeys } from '../../../../contract/record-key';
import type { ItemTable } from './item-table';

export type KeyValues = Record<string, ScalarValue>;

/** Most records one batch (delete, `/all`) may name. */
export const MAX_BATCH = 1000;

const keyNamesOf = (item: ItemTable, param: string): string[] => {
  if (item.keys.length === 0) throw invalidParam(param, itemsMessage('noKey', { name: item.table.name }));
  return item.keys.map((key) => key.name);
};

const coerceKey = (item: ItemTable, raw: Record<string, string>, param: string): KeyValues => {
  const values: KeyValues = {};
  for (const key of item.keys) {
    const coerced = coerceValue(key, raw[key.name]);
    if (!coerced.ok) throw invalidParam(param, coerced.message);
    values[key.name] = coerced.value;
  }
  return values;
};

/** The key of one record from its URL text (`5`, or `k1=v1,k2=v2`), typed; 400 naming `param` if malformed. */
export const parseRecordKey = (item: ItemTable, text: string, param = 'id'): KeyValues => {
  const raw = decodeRecordKey(keyNamesOf(item, param), text);
  if (!raw) throw invalidParam(param, itemsMessage('invalidKey', { key: text.slice(0, 100) }));
  return coerceKey(item, raw, param);
};

/** The keys of `ids=a,b` (composite: consecutive `k=v` pairs), typed and without repeats. */
export const parseRecordKeyList = (item: ItemTable, text: string, param = 'ids'): KeyValues[] => {
  const raw = splitRecordKeys(keyNamesOf(item, param), text);
  if (!raw) throw invalidParam(param, itemsMessage('invalidKey', { key: text.slice(0, 100) }));
  return uniqueKeys(
    item,
    raw.map((one) => coerceKey(item, one, param)),
  );
};

/** Records without repeats, by their encoded key. */
export const uniqueKeys = (item: ItemTable, keys: KeyValues[]): KeyValues[] => {
  const seen = new Map<string, KeyValues>();
  for (const key of keys) seen.set(keyText(item, key), key);
  return [...seen.values()];
};

/** Each table's key names, worked out once: a bulk write names a key per record. */
const keyNamesByItem = new WeakMap<ItemTable, readonly string[]>();

/** The key as the API writes it (a single value, or `k1=v1,k2=v2`). */
export const keyText = (item: ItemTable, values: Record<string, unknown>): string => {
  let names = keyNamesByItem.get(item);
  if (!names) {
    names = item.keys.map((key) => key.name);
    keyNamesByItem.set(item, names);
  }
  return encodeRecordKey(names, values);
};

/** WHERE the row is one of `keys`; no keys matches nothing. */
export const whereKeys = (
  builder: Knex.QueryBuilder,
  item: ItemTable,
  keys: readonly KeyValues[],
): Knex.QueryBuilder => {
  const { tableName } = item.table;
  if (keys.length === 0) return builder.whereRaw('1 = 0');
  if (item.keys.length === 1) {
    const name = item.keys[0]?.name ?? '';
    return builder.whereIn(
      `${tableName}.${name}`,
      keys.map((key) => key[name] as ScalarValue),
    );
  }
  return builder.where((any) => {
    for (const key of keys) {
      any.orWhere((one) => {
        for (const column of item.keys)
          one.where(`${tableName}.${column.name}`, key[column.name] as ScalarValue);
      });
    }
  });
};
