/** Socket errors of a database connection that cannot be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** mysql2 codes of a lost or refused connection. */
const MYSQL_CODES = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_SERVER_GONE_ERROR',
  'CR_SERVER_GONE_ERROR',
  'CR_SERVER_LOST',
  'CR_CONNECTION_ERROR',
  'CR_CONN_HOST_ERROR',
]);

/**
 * PostgreSQL SQLSTATEs: connection exceptions (class 08), shutdown and start-up, too many clients,
 * and a write refused as read-only (25006): the server in use became a standby, a failover.
 */
const PG_STATES = /^(?:08\w{3}|57P0[1-3]|53300|25006)$/;

/** node-postgres messages of a lost connection (knex puts the statement before them). */
const PG_LOST =
  /Connection terminated unexpectedly|Client has encountered a connection error|Connection ended unexpectedly/;

/**
 * mysql2's error for a statement sent on a connection it already knows is lost (the ROLLBACK of a
 * transaction whose server died), which carries no code.
 */
const MYSQL_CLOSED = /Can't add new command when connection is in closed state/;

/**
 * A Galera node that is not part of the cluster's primary component (cut off, or joining and not
 * yet synced) refuses statements with ER_UNKNOWN_COM_ERROR (1047) and this message: the database,
 * as this server reaches it, is unavailable until the node is back in the cluster.
 */
const GALERA_NOT_READY = /WSREP has not yet prepared node for application use/;

const MAX_DEPTH = 4;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Whether an error means the database could not be reached (refused, lost, shutting down, pool
 * unable to get a connection) rather than that it refused the statement: such a request is
 * answered 503 and may succeed once the database is back. Looks through `cause` and the errors
 * of an AggregateError (a refused connection to every address of a host).
 */
export const isConnectionError = (error: unknown, depth = 0): boolean => {
  if (!isRecord(error) || depth > MAX_DEPTH) return false;
  const { code, name, message } = error;
  if (
    typeof code === 'string' &&
    (NETWORK_CODES.has(code) || MYSQL_CODES.has(code) || PG_STATES.test(code))
  ) {
    return true;
  }
  if (name === 'KnexTimeoutError') return true;
  if (typeof message === 'string' && (PG_LOST.test(message) || MYSQL_CLOSED.test(message))) return true;
  if (code === 'ER_UNKNOWN_COM_ERROR' && typeof message === 'string' && GALERA_NOT_READY.test(message)) {
    return true;
  }
  if (Array.isArray(error.errors) && error.errors.some((inner) => isConnectionError(inner, depth + 1))) {
    return true;
  }
  return isConnectionError(error.cause, depth + 1);
};
