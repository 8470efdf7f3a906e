import type { Knex } from 'knex';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { HostFinder } from './host-finder';
import { HostListError, splitHostList, type HostAddress } from './host-list';

/** How long asking one server what it is may take (connect and answer). */
export const MYSQL_PROBE_TIMEOUT_MS = 2000;

/** What a MySQL / MariaDB server said of itself. */
export interface MysqlHostState {
  readOnly: boolean;
  /** False for a Galera node outside the cluster's primary component, or not yet synced. */
  ready: boolean;
}

/** A MySQL URL of one or more servers (`mysql://u:p@h1:3306,h2:3307/db`). */
export interface MysqlHostsUrl {
  hosts: HostAddress[];
  urlFor(host: HostAddress): string;
}

/** Takes apart a MySQL / MariaDB URL that may list several servers (for a Galera cluster). */
export const parseMysqlHosts = (url: string): MysqlHostsUrl => {
  const list = splitHostList(url, 'mysql', 3306, 'mysql://');
  return { hosts: list.hosts, urlFor: (host) => list.urlFor(host) };
};

/** Whether a connection URL lists several servers; false for one it cannot read (refused elsewhere). */
export const listsSeveralMysqlHosts = (url: string): boolean => {
  try {
    return parseMysqlHosts(url).hosts.length > 1;
  } catch (error) {
    if (error instanceof HostListError) return false;
    throw error;
  }
};

/** Whether a server may take crudboard's connections: writable and, on Galera, synced. */
export const mysqlHostQualifies = (state: MysqlHostState): boolean => !state.readOnly && state.ready;

/** The first server of the list that qualifies, or none. */
export const chooseMysqlHost = (
  hosts: readonly HostAddress[],
  states: readonly (MysqlHostState | undefined)[],
): HostAddress | undefined =>
  hosts.find((_, index) => {
    const state = states[index];
    return state !== undefined && mysqlHostQualifies(state);
  });

/** Reads a server's state from `@@read_only` and its Galera status (none: not a Galera node). */
export const mysqlHostState = (
  readOnly: unknown,
  status: readonly { name: string; value: string }[],
): MysqlHostState => {
  const of = (name: string) => status.find((row) => row.name.toLowerCase() === name)?.value;
  const galera = of('wsrep_ready') !== undefined;
  return {
    readOnly: Number(readOnly) === 1,
    ready: !galera || (of('wsrep_ready') === 'ON' && of('wsrep_local_state_comment') === 'Synced'),
  };
};

/** Asks the server `settings` reach what it is; throws if it does not answer. */
export const probeMysqlHost = async (settings: Knex.MySql2ConnectionConfig): Promise<MysqlHostState> => {
  const connection = await createConnection({
    host: settings.host,
    port: settings.port,
    user: settings.user,
    password: settings.password,
    database: settings.database,
    connectTimeout: MYSQL_PROBE_TIMEOUT_MS,
  });
  connection.on('error', () => undefined);
  try {
    const [[readOnly]] = await connection.query<RowDataPacket[]>('SELECT @@read_only AS ro');
    const [status] = await connection.query<RowDataPacket[]>(
      "SHOW STATUS WHERE Variable_name IN ('wsrep_ready', 'wsrep_local_state_comment')",
    );
    return mysqlHostState(
      readOnly?.ro,
      status.map((row) => ({ name: String(row.Variable_name), value: String(row.Value) })),
    );
  } finally {
    await connection.end().catch(() => undefined);
  }
};

/**
 * The host finder of a MySQL / MariaDB pool on a URL of several servers (a Galera cluster's
 * nodes, or a primary and its replicas): the first server of the list that is writable and, on
 * Galera, synced; a lost connection or a node leaving the cluster makes it look again.
 */
export const mysqlHostFinder = (
  url: MysqlHostsUrl,
  settings: (url: string) => Knex.MySql2ConnectionConfig,
  probe: (settings: Knex.MySql2ConnectionConfig) => Promise<MysqlHostState> = probeMysqlHost,
): HostFinder<MysqlHostState, Knex.MySql2ConnectionConfig> =>
  new HostFinder({
    hosts: url.hosts,
    urlFor: url.urlFor,
    probe: (one) => probe(settings(one)),
    choose: (states) => chooseMysqlHost(url.hosts, states),
    wanted: 'a writable, synced server',
    settings,
  });

/** The server a mysql2 connection was opened to ("host:port"). */
export const mysqlConnectionHost = (connection: unknown): string => {
  const { config } = connection as { config?: { host?: unknown; port?: unknown } };
  return `${String(config?.host)}:${String(config?.port)}`;
};
