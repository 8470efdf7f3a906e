import type { Knex } from 'knex';
import pg from 'pg';
import { HostFinder } from './host-finder';
import { chooseHost, type PgHostState, type PgHostsUrl } from './pg-hosts';

/** How long asking one server what it is may take (connect and answer). */
export const PROBE_TIMEOUT_MS = 2000;

/** Asks the server at `url` whether it is in recovery and read-only; throws if it does not answer. */
export const probePgHost = async (url: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<PgHostState> => {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
    application_name: 'crudboard',
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ recovery: boolean; readOnly: string }>(
      `SELECT pg_catalog.pg_is_in_recovery() AS recovery, pg_catalog.current_setting('transaction_read_only') AS "readOnly"`,
    );
    const row = rows[0];
    return { inRecovery: row?.recovery === true, readOnly: row?.readOnly === 'on' };
  } finally {
    await client.end().catch(() => undefined);
  }
};

/**
 * The host finder of a PostgreSQL pool on a multi-host URL: the first server of the list that is
 * what `target_session_attrs` asks (pg-hosts.ts). A lost connection and a write refused as
 * read-only (a demoted primary, SQLSTATE 25006) make it look again.
 */
export const pgHostFinder = (
  url: PgHostsUrl,
  settings: (url: string) => Knex.PgConnectionConfig,
  probe: (url: string) => Promise<PgHostState> = (one) => probePgHost(one),
): HostFinder<PgHostState, Knex.PgConnectionConfig> =>
  new HostFinder({
    hosts: url.hosts,
    urlFor: url.urlFor,
    probe,
    choose: (states) => chooseHost(url.hosts, states, url.target),
    wanted: url.target,
    settings,
  });

/** The server a node-postgres connection was opened to ("host:port"). */
export const pgConnectionHost = (connection: unknown): string => {
  const { host, port } = connection as { host?: unknown; port?: unknown };
  return `${String(host)}:${String(port)}`;
};
