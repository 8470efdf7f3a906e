import { useCan } from '@refinedev/core';

/**
 * Whether the signed-in user may create or change table designs (`metadata:write`, or super admin),
 * as the access-control provider answers for the tables resource; false while it is on its way.
 */
export const useMayDesignTables = (action: 'create' | 'edit'): boolean =>
  useCan({
    resource: 'tables',
    action,
    params: { resource: { name: 'tables', meta: { kind: 'metadata' } } },
  }).data?.can === true;
