/**
 * @crudboard/client: crudboard's Refine providers as a library. `createCrudboardClient` makes them
 * for one server. Importing this module has no side effects (no HTTP client, no storage read, no
 * listener); crudboard's own app makes its client in its `src/providers/app-client.ts`.
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
export {
  createAuthProvider,
  fetchSignInOptions,
  resumeSession,
  singleSignOnUrl,
  type Identity,
  type LoginVariables,
  type SignInOptions,
  type SignInProvider,
} from './auth-provider';
export { createTokenAuthProvider } from './token-auth-provider';
export * from './custom-calls';
export type { FormLayout, MetadataBundle } from './metadata-bundle';
export {
  collationOfLanguage,
  createDataProvider,
  type DataProviderOptions,
  type HttpClient,
  type UploadProgress,
} from './data-provider';
export {
  apiUrlOf,
  AUTH_REDIRECT_DELAY_MS,
  createHttp,
  createUnauthorizedHandler,
  PermissionDeniedError,
  type HttpDeps,
  type UnauthorizedActions,
} from './http';
export { CLIENT_PREFERENCE_KEYS, createKeyStorage, type KeyStorage } from './createKeyStorage';
export {
  createSession,
  defaultSession,
  SESSION_KEYS,
  toPermission,
  toUserInfo,
  type PermissionInfo,
  type Session,
  type UserInfo,
} from './session';
// The pure rules the providers apply, which an app on them applies too.
export { MAX_QUERY_RETRIES, QUERY_DEFAULTS, shouldRetryQuery } from './lib/retry-policy';
export * from './lib/http-error';
export { CREATE_RETRY_DELAYS_MS, isRetriedCreateFailure, newIdempotencyKey } from './lib/idempotent-create';
export * from './lib/refusal-message';
export * from './lib/query-params';
export * from './lib/data-source';
export * from './lib/permission';
