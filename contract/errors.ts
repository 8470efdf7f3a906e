/** Error codes of docs/api.md §0 and the ones named elsewhere in the contract. */
export const ERROR_CODES = {
  VALIDATION_ERROR: 400,
  MD5_MISMATCH: 400,
  UNAUTHORIZED: 401,
  AUTH_ERROR: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  DATA_SOURCE_NOT_FOUND: 404,
  CONFLICT: 409,
  /**
   * A create with an `Idempotency-Key` (docs/api.md §3) while another request with the same key
   * is under way or has just finished: nothing was written; the same request again gets the answer.
   */
  IDEMPOTENCY_KEY_IN_USE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** An `Idempotency-Key` already used by the same user for another request (another body or path). */
  IDEMPOTENCY_KEY_REUSED: 422,
  TOO_MANY_REQUESTS: 429,
  /** SQL console (§2.4): the database refused the statement; the message is the database's. */
  SQL_ERROR: 400,
  /** SQL console: a read-only run tried to change something; nothing was changed. */
  SQL_READ_ONLY: 400,
  /** SQL console: the statement ran past the statement timeout and was stopped. */
  SQL_TIMEOUT: 400,
  /**
   * A business read (list, count, record) ran past the query timeout and was stopped; nothing was
   * changed. Narrower conditions may succeed.
   */
  QUERY_TIMEOUT: 400,
  /**
   * The client went away (a closed tab, a cancelled request) while its read ran: the statement was
   * cancelled on the database. Nobody receives it; servers log it as such.
   */
  CLIENT_GONE: 499,
  INTERNAL_ERROR: 500,
  /** The data source's database cannot be reached right now; the same request may succeed later. */
  DATABASE_UNAVAILABLE: 503,
  /**
   * The data source's database is busy: locks the request needed were held by other work (another
   * process writing to the SQLite file, a lock wait or a deadlock); nothing was changed and the
   * same request may succeed a moment later.
   */
  DATABASE_BUSY: 503,
  /** The directory (LDAP) a sign-in names cannot be reached right now; local sign-in still works. */
  DIRECTORY_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/** Body of every error response. */
export interface ApiError {
  code: ErrorCode;
  message: string;
  /** Field name → message, for 400s. */
  errors?: Record<string, string>;
  /** Present on 500s: the id under which the server logged the failure. */
  requestId?: string;
}
