import { RELATION_LIST_LIMIT, type Relation } from '../../contract';
import { http } from '../providers/http';
import { createMetadataApi } from './metadata-api';

/** `/api/metadata/tablerelations` (docs/api.md §2.3). */
export const relationsApi = createMetadataApi<Relation>('/metadata/tablerelations');

/** Every relation of the data source (the relation list's default limit). */
export const listAllRelations = (signal?: AbortSignal): Promise<Relation[]> =>
  relationsApi.list({ offset: 0, limit: RELATION_LIST_LIMIT }, signal);

/** The relations whose from-table is `tableName` (`GET /fromTable/name/{name}`). */
export const listRelationsFromTable = async (
  tableName: string,
  signal?: AbortSignal,
): Promise<Relation[]> => {
  const { data } = await http.get<Relation[]>(
    `${relationsApi.path}/fromTable/name/${encodeURIComponent(tableName)}`,
    { signal },
  );
  return Array.isArray(data) ? data : [];
};
