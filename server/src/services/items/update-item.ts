import type { ItemContext } from './item-context';
import type { ItemTable } from './item-table';
import type { KeyValues } from './record-keys';
import { updateRecord } from './update-record';
import { runWrite } from './write-context';

/** PATCH /api/business/{table}/{id}: the record and its nested children, in one transaction. */
export const updateItem = async (
  context: ItemContext,
  item: ItemTable,
  key: KeyValues,
  body: unknown,
): Promise<void> =>
  runWrite(context, item, (write) => updateRecord(write, item, key, body, { path: '', depth: 0, fixed: {} }));
