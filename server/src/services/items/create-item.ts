import { insertRecord } from './insert-record';
import type { ItemContext } from './item-context';
import type { ItemTable } from './item-table';
import { keyText } from './record-keys';
import { runWrite } from './write-context';

/**
 * POST /api/business/{table}: the record and its nested children in one transaction. Returns the
 * new id as docs/api.md §0 sends it: a number for a numeric key, else text (`k1=v1,k2=v2` for a
 * composite key).
 */
export const createItem = async (
  context: ItemContext,
  item: ItemTable,
  body: unknown,
): Promise<number | string> => {
  const key = await runWrite(context, item, (write) =>
    insertRecord(write, item, body, { path: '', depth: 0, fixed: {} }),
  );
  const [single] = item.keys;
  if (item.keys.length === 1 && single) {
    const value = key[single.name];
    return typeof value === 'number' ? value : String(value);
  }
  return keyText(item, key);
};
