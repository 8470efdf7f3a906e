import { useCan } from '@refinedev/core';

/**
 * Whether the signed-in user may read the audit log, as the access-control provider answers for
 * its resource (`audit:read`, or super admin); `undefined` while the answer is on its way.
 */
export const useAuditAccess = (): boolean | undefined => {
  const { data } = useCan({
    resource: 'audit',
    action: 'list',
    params: { resource: { name: 'audit', meta: { kind: 'audit' } } },
  });
  return data?.can;
};
