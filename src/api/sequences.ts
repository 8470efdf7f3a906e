import { RELATION_LIST_LIMIT, type Sequence } from '../../contract';
import { createMetadataApi } from './metadata-api';

/** `/api/metadata/sequences` (docs/api.md §2.2). */
export const sequencesApi = createMetadataApi<Sequence>('/metadata/sequences');

/** Every sequence (for the column grid's 序列号 picker). */
export const listAllSequences = (signal?: AbortSignal): Promise<Sequence[]> =>
  sequencesApi.list({ offset: 0, limit: RELATION_LIST_LIMIT }, signal);
