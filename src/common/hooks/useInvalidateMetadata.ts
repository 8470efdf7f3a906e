import { useInvalidate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * After a metadata change: Refine refreshes the changed resource (`tables`, `sequences`,
 * `tablerelations`; a path such as `/metadata/tables` names its last segment) wherever it is
 * listed or shown. A change of tables also refreshes what is read through the business provider
 * (the user's tables of the side menu and home page, and the records, whose shape may have changed).
 */
export const useInvalidateMetadata = () => {
  const invalidate = useInvalidate();
  const queryClient = useQueryClient();
  return useCallback(
    async (resourceOrPath: string) => {
      const resource = resourceOrPath.split('/').filter(Boolean).pop() ?? resourceOrPath;
      const path = `/metadata/${resource}`;
      await Promise.all([
        invalidate({ resource, dataProviderName: 'metadata', invalidates: ['list', 'many', 'detail'] }),
        resource === 'tables' ? invalidate({ dataProviderName: 'default', invalidates: ['all'] }) : undefined,
        // Screens not yet on Refine keep their own keys under `['metadata', path]` until they move.
        queryClient.invalidateQueries({
          predicate: ({ queryKey }) => queryKey[0] === 'metadata' && queryKey[1] === path,
        }),
      ]);
    },
    [invalidate, queryClient],
  );
};
