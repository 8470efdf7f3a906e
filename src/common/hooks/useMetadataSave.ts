import { useCreate, useUpdate, type BaseKey, type BaseRecord } from '@refinedev/core';
import { useCallback } from 'react';
import type { MetadataResource } from './useMetadataRecord';

/**
 * Saves a table, sequence or relation through Refine's `useCreate` / `useUpdate` on the `metadata`
 * provider: a new one without `id`, else a change of the stored one. The screen tells success and
 * failure itself (no Refine notices); Refine refreshes the resource's lists and records.
 */
export const useMetadataSave = <T extends BaseRecord>(resource: MetadataResource) => {
  const { mutateAsync: create } = useCreate<T>();
  const { mutateAsync: update } = useUpdate<T>();
  return useCallback(
    async (values: Partial<T>, id?: BaseKey, query?: Record<string, string>): Promise<void> => {
      const common = {
        resource,
        dataProviderName: 'metadata',
        values,
        meta: query ? { query } : {},
        successNotification: false as const,
        errorNotification: false as const,
      };
      if (id === undefined) await create(common);
      else await update({ ...common, id });
    },
    [resource, create, update],
  );
};
