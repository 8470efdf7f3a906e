/**
 * The signed-in user's rights and the access rule on them: crudboard's client applies them too, so
 * they live in packages/client/src/lib/permission.ts (`@crudboard/client`).
 */
export { hasAnyPermission, NO_ACCESS, type UserAccess } from '@crudboard/client';
