import { useInvalidate } from '@refinedev/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * After a metadata change: refresh the cached lists and records under `/api/metadata/<path>`
 * (the Refine lists of that resource included), and the user's tables (side menu, home page)
 * when tables changed.
 */
export const useInvalidateMetadata = () => {
  const queryClient = useQueryClient();
  const invalidateResource = useInvalidate();
  return useCallback(
    async (path: string) => {
      const refreshMenu = path.endsWith('/tables');
      await Promise.all([
        queryClient.invalidateQueries({
          predicate: ({ queryKey }) =>
            (queryKey[0] === 'metadata' && queryKey[1] === path) ||
            (refreshMenu && JSON.stringify(queryKey).includes('/users/me/table')),
        }),
        invalidateResource({
          resource: path.slice(path.lastIndexOf('/') + 1),
          dataProviderName: 'metadata',
          invalidates: ['list', 'many'],
        }),
      ]);
    },
    [queryClient, invalidateResource],
  );
};
