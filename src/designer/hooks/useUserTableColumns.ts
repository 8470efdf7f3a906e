import { useList } from '@refinedev/core';
import { useMemo } from 'react';
import type { Table } from '../../../contract';
import { IN_PRIMARY } from '../../common/lib/data-source';

/**
 * The columns an administrator added to the user table (in primary), which row rules may name as
 * `$user.<column>`; crudboard's own columns and the password are left out. Read only when `enabled`.
 */
export const useUserTableColumns = (enabled: boolean): string[] => {
  const { result } = useList<Table>({
    resource: 'tables',
    dataProviderName: 'metadata',
    filters: [{ field: 'name', operator: 'eq', value: 'user' }],
    // one table by its name: no page count needed
    pagination: { mode: 'off' },
    meta: IN_PRIMARY,
    queryOptions: { enabled, retry: false },
    errorNotification: false,
  });
  const table = result.data.find((candidate) => candidate.name === 'user');
  return useMemo(
    () =>
      (table?.columns ?? [])
        .filter(
          (column) => !column.systemable && column.name !== 'password' && column.dataType !== 'PASSWORD',
        )
        .map((column) => column.name),
    [table],
  );
};
