import type { Knex } from 'knex';
import pg from 'pg';
import { isConnectionError } from '../errors/is-connection-error';
import {
  chooseHost,
  type PgHost,
  type PgHostState,
  type PgHostsUrl,
  type TargetSessionAttrs,
} from './pg-hosts';

/** How long asking one server what it is may take (connect and answer). */
export const PROBE_TIMEOUT_MS = 2000;

/** SQLSTATE of a write sent to a server that takes none (a standby, or a demoted primary). */
const READ_ONLY_TRANSACTION = '25006';

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

/** No server of the connection URL is one the data source may use right now. */
export class NoPgHostError extends Error {
  readonly code = 'ECONNREFUSED';
  constructor(hosts: PgHost[], target: TargetSessionAttrs) {
    super(
      `no server of ${hosts.map((h) => `${h.host}:${h.port}`).join(', ')} answered as ${target}; looking again on the next connection`,
    );
    this.name = 'NoPgHostError';
  }
}

type Probe = (url: string) => Promise<PgHostState>;

/** A pooled connection (node-postgres's Client knows the server it was opened to). */
interface HostedConnection {
  host?: unknown;
  port?: unknown;
}

const hostKey = (host: PgHost): string => `${host.host}:${host.port}`;

/**
 * Finds, for a pool, the server of a multi-host URL that it should connect to, and looks again
 * when told that a connection was lost or a write was refused as read-only (a failover): the pool
 * then drops the connections it holds to any other server. The knex connection provider
 * (`provide`) asks every server at once and keeps the first of the list that qualifies.
 */
export class PgHostFinder {
  private losses = 0;
  private current: string | undefined;

  constructor(
    private readonly url: PgHostsUrl,
    private readonly settings: (url: string) => Knex.PgConnectionConfig,
    private readonly probe: Probe = (url) => probePgHost(url),
  ) {}

  /** The knex connection provider: the settings of the server to use now. */
  provide = async (): Promise<Knex.PgConnectionConfig & { expirationChecker: () => boolean }> => {
    const seen = this.losses;
    const { hosts, target } = this.url;
    const states = await Promise.all(
      hosts.map((host) => this.probe(this.url.urlFor(host)).catch(() => undefined)),
    );
    const chosen = chooseHost(hosts, states, target);
    if (!chosen) throw new NoPgHostError(hosts, target);
    this.current = hostKey(chosen);
    return { ...this.settings(this.url.urlFor(chosen)), expirationChecker: () => this.losses !== seen };
  };

  /** Tells the finder that a server may have gone or changed role: the next connection looks again. */
  lost(): void {
    this.losses += 1;
  }

  /** Whether an error is one after which the finder should look again. */
  static signalsFailover(error: unknown): boolean {
    if (isConnectionError(error)) return true;
    return (error as { code?: unknown } | null)?.code === READ_ONLY_TRANSACTION;
  }

  /** Whether a pooled connection still goes to the server in use (pool validation). */
  keeps(connection: HostedConnection): boolean {
    return `${String(connection.host)}:${String(connection.port)}` === this.current;
  }

  /** Looks again after failed statements and failed connection attempts of `knex`. */
  watch(knex: Knex): void {
    knex.on('query-error', (error: unknown) => {
      if (PgHostFinder.signalsFailover(error)) this.lost();
    });
    const pool = (knex.client as { pool?: { on(event: 'createFail', listener: () => void): void } }).pool;
    pool?.on('createFail', () => this.lost());
  }
}
