import type { Index, Table } from '../../contract';
import { createMetadataApi, type QueryFlags } from './metadata-api';

/** `/api/metadata/tables` (docs/api.md §2.1). */
export const tablesApi = createMetadataApi<Table>('/metadata/tables');

const dataLossFlag = (confirmDataLoss?: boolean): QueryFlags | undefined =>
  confirmDataLoss ? { confirmDataLoss: 'true' } : undefined;

const dropFlag = (dropPhysicalTable: boolean): QueryFlags => ({
  isDropPhysicalTable: String(dropPhysicalTable),
});

export interface SaveOptions {
  /** Go ahead with a change the server refused (409) because it would lose data. */
  confirmDataLoss?: boolean;
}

export const createTable = (table: Table, { confirmDataLoss }: SaveOptions = {}): Promise<number> =>
  tablesApi.create(table, dataLossFlag(confirmDataLoss));

export const updateTable = (
  id: number | string,
  table: Partial<Table>,
  { confirmDataLoss }: SaveOptions = {},
) => tablesApi.update(id, table, dataLossFlag(confirmDataLoss));

/** The index editor's save: `{indexs}` alone edits the composite indexes. */
export const updateTableIndexes = (id: number | string, patch: { indexs: Index[] }) =>
  tablesApi.update(id, patch);

export const deleteTable = (id: number | string, dropPhysicalTable: boolean) =>
  tablesApi.remove(id, dropFlag(dropPhysicalTable));

export const deleteTables = (ids: readonly number[], dropPhysicalTable: boolean) =>
  tablesApi.removeMany(ids, dropFlag(dropPhysicalTable));
