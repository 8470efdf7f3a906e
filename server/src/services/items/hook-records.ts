import { SUPER_ADMIN_ROLE } from '../../../../contract/auth';
import { SOFT_DELETE_COLUMN } from '../../../../contract/system-columns';
import { ApiException } from '../../errors/api-exception';
import { itemsMessage } from '../../i18n/items-messages';
import type { ColumnRules } from '../permissions/column-rules';
import { deleteRecords } from './delete-records';
import { insertRecord } from './insert-record';
import { loadItemTable } from './load-item-table';
import { recordExists } from './record-exists';
import { keyText, parseRecordKey, type KeyValues } from './record-keys';
import { updateRecord } from './update-record';
import type { WriteContext } from './write-context';

/** A table's records as a write hook writes them, inside the write that runs the hook. */
export interface HookRecords {
  /** Inserts a record (nested children under relation names too); answers its key as URLs write it. */
  create(values: Record<string, unknown>): Promise<string>;
  /** Changes the columns given (PATCH semantics) of the record whose key is `id`; 404 if none. */
  update(id: string | number, values: Record<string, unknown>): Promise<void>;
  /** Deletes the record: hard (children first), or soft (`isDeleted` set) with `{ soft: true }`. */
  delete(id: string | number, options?: { soft?: boolean }): Promise<void>;
}

/** How deep hook writes may nest (a hook writing a table that a hook watches runs that hook too). */
export const MAX_HOOK_WRITE_DEPTH = 4;

const NO_RULES: ColumnRules = new Map();
const depths = new WeakMap<WriteContext, number>();

/**
 * The write as a hook's own writes run it: the same transaction, clock, write hooks and change
 * record, on the extension's authority (no business-permission check, no column or row rules:
 * the extension is server code), each revision marked with the channel `extension`.
 */
const hookWrite = (write: WriteContext): WriteContext => {
  const depth = (depths.get(write) ?? 0) + 1;
  if (depth > MAX_HOOK_WRITE_DEPTH) {
    throw new Error(
      `write hooks nest more than ${MAX_HOOK_WRITE_DEPTH} writes deep: a hook writes a table whose hooks write again`,
    );
  }
  const own: WriteContext = {
    ...write,
    authorities: [SUPER_ADMIN_ROLE],
    rules: NO_RULES,
    rows: undefined,
    changed: (change) => write.changed({ ...change, channel: 'extension' }),
  };
  depths.set(own, depth);
  return own;
};

/**
 * A business table's records (of the write's data source) written from inside a write hook
 * (`hookRecords(event.write, 'invoice')`): in the write's transaction, so they commit and roll back
 * with it; through the same path as `/api/business` (the table's design, server-filled columns,
 * write hooks, constraints as 409s); and recorded in record history with the write's user and
 * request, channel `extension`. Writing with `event.write.db` directly records nothing.
 * crudboard's system tables (users, roles…) are refused: they have APIs of their own.
 */
export const hookRecords = (write: WriteContext, table: string): HookRecords => {
  const open = async () => {
    const item = await loadItemTable(write.db, table);
    if (item.table.systemable === true) {
      throw new ApiException('FORBIDDEN', itemsMessage('systemTableFromHook', { name: item.table.name }));
    }
    return item;
  };
  const keyOf = (item: Awaited<ReturnType<typeof open>>, id: string | number): KeyValues =>
    parseRecordKey(item, String(id));
  const options = { path: '', depth: 0, fixed: {} };
  return {
    create: async (values) => {
      const item = await open();
      return keyText(item, await insertRecord(hookWrite(write), item, values, options));
    },
    update: async (id, values) => {
      const item = await open();
      await updateRecord(hookWrite(write), item, keyOf(item, id), values, options);
    },
    delete: async (id, { soft = false } = {}) => {
      const item = await open();
      const key = keyOf(item, id);
      if (soft) {
        await updateRecord(hookWrite(write), item, key, { [SOFT_DELETE_COLUMN]: true }, options);
        return;
      }
      if (!(await recordExists(write, item, key))) throw new ApiException('NOT_FOUND');
      await deleteRecords(hookWrite(write), item, [key]);
    },
  };
};
