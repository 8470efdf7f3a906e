import type { AxiosInstance } from 'axios';
import { http } from '../providers/http';

/** A page of a metadata list (docs/api.md §0 paging) with the optional keyword. */
export interface ListQuery {
  offset: number;
  limit: number;
  search?: string;
}

export type QueryFlags = Record<string, string>;

const searchParam = (search?: string): QueryFlags => (search?.trim() ? { search: search.trim() } : {});

/**
 * Typed calls for one metadata collection under `/api/metadata` (tables, sequences): list and
 * count, one by id, create (the body is the new id), update, delete one, batch delete.
 */
export const createMetadataApi = <T>(path: string, client: Pick<AxiosInstance, 'request'> = http) => {
  const one = (id: number | string) => `${path}/${encodeURIComponent(String(id))}`;
  return {
    path,
    list: async ({ offset, limit, search }: ListQuery, signal?: AbortSignal): Promise<T[]> => {
      const { data } = await client.request<T[]>({
        method: 'get',
        url: path,
        params: { offset: String(offset), limit: String(limit), ...searchParam(search) },
        signal,
      });
      return Array.isArray(data) ? data : [];
    },
    count: async (search?: string, signal?: AbortSignal): Promise<number> => {
      const { data } = await client.request<number | string>({
        method: 'get',
        url: `${path}/count`,
        params: searchParam(search),
        signal,
      });
      return Number(data) || 0;
    },
    get: async (id: number | string, signal?: AbortSignal): Promise<T> => {
      const { data } = await client.request<T>({ method: 'get', url: one(id), signal });
      return data;
    },
    create: async (body: T, params?: QueryFlags): Promise<number> => {
      const { data } = await client.request<number | string>({
        method: 'post',
        url: path,
        data: body,
        params,
      });
      return Number(data);
    },
    update: async (id: number | string, body: Partial<T>, params?: QueryFlags): Promise<void> => {
      await client.request({ method: 'patch', url: one(id), data: body, params });
    },
    remove: async (id: number | string, params?: QueryFlags): Promise<void> => {
      await client.request({ method: 'delete', url: one(id), params });
    },
    removeMany: async (ids: readonly (number | string)[], params?: QueryFlags): Promise<void> => {
      await client.request({ method: 'delete', url: path, data: ids, params });
    },
  };
};

export type MetadataApi<T> = ReturnType<typeof createMetadataApi<T>>;
