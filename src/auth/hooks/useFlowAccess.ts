import { useCan } from '@refinedev/core';

/** The resource the access-control provider answers flow management for (`flow:manage`). */
export const FLOW_RESOURCE = { name: 'flows', meta: { kind: 'flow' } } as const;

/**
 * Whether the signed-in user may manage flows (`flow:manage`, or super admin) as the access-control
 * provider answers; `undefined` while the answer is on its way. Reading the flow tables (which
 * `business:*:read` allows too) is not enough; running a table's button flows needs no more than
 * reading that table.
 */
export const useFlowAccess = (): boolean | undefined => {
  const { data } = useCan({
    resource: FLOW_RESOURCE.name,
    action: 'list',
    params: { resource: FLOW_RESOURCE },
  });
  return data?.can;
};
