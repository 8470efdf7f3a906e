import {
  createCrudboardClient,
  QUERY_DEFAULTS,
  type CrudboardClient,
  type Identity,
} from '@crudboard/client';

/**
 * Fails `tsc` if the package's declarations, or those of crudboard's contract that it carries, did
 * not load: with `skipLibCheck` an unresolved type is silently `any`, and every `@ts-expect-error`
 * below would then be unused.
 */
const client: CrudboardClient = createCrudboardClient();
// @ts-expect-error apiUrl is a string
export const notANumber: number = client.apiUrl;
// @ts-expect-error the retry rule takes a failure count and an error
QUERY_DEFAULTS.queries.retry('twice');
// @ts-expect-error no such option
createCrudboardClient({ baseUrl: '' });
declare const identity: Identity;
// @ts-expect-error a role's code is a string (RoleInfo, from crudboard's contract)
export const roleCode: number = identity.roles[0].code;
