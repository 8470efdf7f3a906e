import type { Relation, Table } from '../../contract';
import { RELATION_LIST_LIMIT } from '../../contract';
import { parseFormLayouts, parseValueDialogs, type FormLayout, type ValueDialog } from '../lib/business-meta';
import { http } from '../providers/http';
import { tablesApi } from './metadata-tables';

/** A table's metadata by name, pluralName or tableName (`GET /api/metadata/tables/name/{name}`). */
export const getTableByName = async (name: string, signal?: AbortSignal): Promise<Table> => {
  const { data } = await http.get<Table>(`${tablesApi.path}/name/${encodeURIComponent(name)}`, { signal });
  return data;
};

/** The tables the user may open, as `GET /api/users/me/table` gives them (readable columns only). */
export const listMyTables = async (signal?: AbortSignal): Promise<Table[]> => {
  const { data } = await http.get<Table[]>('/users/me/table', { signal });
  return Array.isArray(data) ? data : [];
};

/** The saved form layouts of a table (docs/api.md §5), parsed. */
export const listFormLayouts = async (tableId: number, signal?: AbortSignal): Promise<FormLayout[]> => {
  const { data } = await http.get<unknown[]>('/business/tableFormBuilder', {
    params: { tableId: String(tableId), offset: '0', limit: String(RELATION_LIST_LIMIT) },
    signal,
  });
  return Array.isArray(data) ? parseFormLayouts(data) : [];
};

/** The external value dialogs of a table's columns (docs/api.md §5), parsed. */
export const listValueDialogs = async (tableId: number, signal?: AbortSignal): Promise<ValueDialog[]> => {
  const { data } = await http.get<unknown[]>('/business/columnExtProperty', {
    params: { tableId: String(tableId), key: 'valueDialog' },
    signal,
  });
  return Array.isArray(data) ? parseValueDialogs(data) : [];
};

export type { Relation };
