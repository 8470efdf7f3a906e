import { useCan } from '@refinedev/core';

/**
 * Whether the signed-in user may run SQL, as the access-control provider answers for the console
 * resource (`sql:execute`, or super admin); `undefined` while the answer is on its way.
 */
export const useSqlAccess = (): boolean | undefined => {
  const { data } = useCan({ resource: 'sqls', action: 'create' });
  return data?.can;
};
