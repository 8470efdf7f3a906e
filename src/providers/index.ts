/**
 * crudboard's Refine providers as a library: `createCrudboardClient` makes them for one server.
 * Importing this module has no side effects (no HTTP client, no storage read, no listener); the
 * crudboard app's own client is made in `app-client.ts`.
 */
export {
  createCrudboardClient,
  type CrudboardClient,
  type CrudboardClientOptions,
} from './createCrudboardClient';
export { createAccessControlProvider, requiredPermissions } from './access-control';
export {
  createAuditLogProvider,
  revisionLog,
  type RecordLogMeta,
  type RevisionLog,
} from './audit-log-provider';
export { createAuthProvider, type Identity, type LoginVariables } from './auth-provider';
export * from './custom-calls';
export { createDataProvider, type DataProviderOptions, type HttpClient } from './data-provider';
export {
  apiUrlOf,
  AUTH_REDIRECT_DELAY_MS,
  createHttp,
  createUnauthorizedHandler,
  PermissionDeniedError,
  type HttpDeps,
} from './http';
export { createKeyStorage, type KeyStorage } from '../store/createKeyStorage';
export { createSession, type PermissionInfo, type Session, type UserInfo } from '../store/session';
export { shouldRetryQuery, MAX_QUERY_RETRIES } from '../common/lib/retry-policy';
