import { useCan } from '@refinedev/core';

/**
 * Whether the signed-in user may run SQL, as the access-control provider answers for the console
 * resource (`sql:execute`, or super admin); `undefined` while the answer is on its way. The
 * resource's `kind` goes with the question: without it the provider would ask for a business
 * permission on a table named `sqls`, and refuse everyone but the super admin.
 */
export const useSqlAccess = (): boolean | undefined => {
  const { data } = useCan({
    resource: 'sqls',
    action: 'create',
    params: { resource: { name: 'sqls', meta: { kind: 'sql' } } },
  });
  return data?.can;
};
