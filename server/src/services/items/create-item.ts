import { insertRecord } from './insert-record';
import type { ItemContext } from './item-context';
import type { ItemTable } from './item-table';
import { keyText } from './record-keys';
import { runWrite, type WriteContext } from './write-context';

export interface CreateItemOptions {
  /**
   * Runs in the write's transaction once the record and its children are in, with the id the
   * answer gives (an idempotency key keeps that answer there); an error rolls the write back.
   */
  onCreated?: (write: WriteContext, id: number | string) => Promise<void>;
}

/** The id of a new record as the answer gives it. */
const idOf = (item: ItemTable, key: Record<string, unknown>): number | string => {
  const [single] = item.keys;
  if (item.keys.length === 1 && single) {
    const value = key[single.name];
    return typeof value === 'number' ? value : String(value);
  }
  return keyText(item, key);
};

/**
 * POST /api/business/{table}: the record and its nested children in one transaction. Returns the
 * new id as docs/api.md §0 sends it: a number for a numeric key, else text (`k1=v1,k2=v2` for a
 * composite key).
 */
export const createItem = async (
  context: ItemContext,
  item: ItemTable,
  body: unknown,
  options: CreateItemOptions = {},
): Promise<number | string> =>
  runWrite(context, item, async (write) => {
    const id = idOf(item, await insertRecord(write, item, body, { path: '', depth: 0, fixed: {} }));
    if (options.onCreated) await options.onCreated(write, id);
    return id;
  });
