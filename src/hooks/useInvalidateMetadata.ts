import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * After a metadata change: refresh the cached lists and records under `/api/metadata/<path>`,
 * and the user's tables (side menu, home page) when tables changed.
 */
export const useInvalidateMetadata = () => {
  const queryClient = useQueryClient();
  return useCallback(
    async (path: string) => {
      const refreshMenu = path.endsWith('/tables');
      await queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          (queryKey[0] === 'metadata' && queryKey[1] === path) ||
          (refreshMenu && JSON.stringify(queryKey).includes('/users/me/table')),
      });
    },
    [queryClient],
  );
};
