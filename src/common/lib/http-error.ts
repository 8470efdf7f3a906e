/**
 * The error shape of a failed request and its status: rules of crudboard's client, which lives in
 * packages/client/src/lib/http-error.ts (`@crudboard/client`).
 */
export {
  DEFAULT_ERROR_MESSAGE,
  NETWORK_TIMEOUT_MESSAGE,
  statusOf,
  toHttpError,
  type FailedRequest,
  type HttpError,
} from '@crudboard/client';
