import { useCan } from '@refinedev/core';

/**
 * Whether the signed-in user may list table designs (`list`: `metadata:read`), or create or change
 * them (`metadata:write`), or is super admin, as the access-control provider answers for the
 * tables resource; false while it is on its way.
 */
export const useMayDesignTables = (action: 'list' | 'create' | 'edit'): boolean =>
  useCan({
    resource: 'tables',
    action,
    params: { resource: { name: 'tables', meta: { kind: 'metadata' } } },
  }).data?.can === true;
