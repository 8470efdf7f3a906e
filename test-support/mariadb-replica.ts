import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { accountIds, freeListeningPort, waitUntil } from './processes';

const run = promisify(execFile);

/**
 * A throwaway MariaDB primary with one asynchronous replica (Debian package `mariadb-server`) for
 * the read replica tests: each a child `mariadbd` with its own data directory, port and socket on
 * 127.0.0.1, under a temp dir. The primary writes a binary log (`--log-bin`, row format); the
 * replica follows it by GTID (`MASTER_USE_GTID = slave_pos`), optionally `delaySeconds` late
 * (`MASTER_DELAY`). Run as root, the servers run as the `mysql` account. Everything the primary
 * does after start-up (the accounts, the `crudboard` database) reaches the replica by replication.
 */
const MARIADBD = '/usr/sbin/mariadbd';
const INSTALL_DB = '/usr/bin/mariadb-install-db';
const CLIENT = '/usr/bin/mariadb';

export const mariadbInstalled = [MARIADBD, INSTALL_DB, CLIENT].every((path) => existsSync(path));
/** Appended to the titles of suites that need MariaDB's server binaries, so that a skip says why. */
export const mariadbSkipNote = mariadbInstalled ? '' : ' (skipped: mariadb-server is not installed)';

export const MARIADB_USER = 'crudboard';
export const MARIADB_PASSWORD = 'crudboard';
/** The database crudboard's data source uses on the pair. */
export const MARIADB_DATABASE = 'crudboard';
const REPLICATION_USER = 'replicator';
const REPLICATION_PASSWORD = 'replicator';

export interface MariadbServer {
  port: number;
  /** `mysql://crudboard:crudboard@127.0.0.1:PORT/DATABASE` (`crudboard` by default). */
  url(database?: string): string;
  log(): string;
  running(): boolean;
  /** SIGKILL: no shutdown, as a crash would. */
  kill(): Promise<void>;
  /** Runs SQL as root over the server's socket, returning the tab-separated output. */
  sql(statement: string): Promise<string>;
}

export interface MariadbReplicaPair {
  primary: MariadbServer;
  replica: MariadbServer;
  /** Stops both servers and deletes the temp dir. */
  remove(): Promise<void>;
}

export interface MariadbReplicaOptions {
  /** The replica applies each transaction this many seconds after the primary committed it. */
  delaySeconds?: number;
}

const makeServer = (name: string, dir: string, port: number, extraArgs: string[], asMysql: boolean) => {
  let out = '';
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const socket = join(dir, 'mysqld.sock');
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  const sql = async (statement: string) =>
    (
      await run(CLIENT, ['--no-defaults', '-uroot', `--socket=${socket}`, '-N', '-B', '-e', statement], {
        maxBuffer: 16 * 1024 * 1024,
      })
    ).stdout.trim();
  const start = async () => {
    const args = [
      '--no-defaults',
      `--datadir=${join(dir, 'data')}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--socket=${socket}`,
      `--tmpdir=${join(dir, 'tmp')}`,
      `--pid-file=${join(dir, 'mysqld.pid')}`,
      ...(asMysql ? ['--user=mysql'] : []),
      '--skip-log-error',
      '--default-storage-engine=InnoDB',
      // Small and fast: test servers, nothing to keep.
      '--innodb-buffer-pool-size=64M',
      '--innodb-log-file-size=16M',
      '--innodb-flush-log-at-trx-commit=2',
      '--max-connections=300',
      '--character-set-server=utf8mb4',
      '--collation-server=utf8mb4_unicode_ci',
      ...extraArgs,
    ];
    const started = spawn(MARIADBD, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    started.stdout?.on('data', (data: Buffer) => (out += data.toString()));
    started.stderr?.on('data', (data: Buffer) => (out += data.toString()));
    child = started;
    exited = new Promise<void>((done) => started.once('exit', () => done()));
    await waitUntil(`the ${name} answers`, async () => {
      if (!running()) throw new Error(`the ${name} exited`);
      return (await sql('SELECT 1')) === '1';
    }).catch((error: unknown) => {
      if (!running()) throw new Error(`the ${name} exited:\n${out.slice(-4000)}`);
      throw error;
    });
  };
  const server: MariadbServer = {
    port,
    url: (database = MARIADB_DATABASE) =>
      `mysql://${MARIADB_USER}:${MARIADB_PASSWORD}@127.0.0.1:${port}/${database}`,
    log: () => out,
    running,
    kill: async () => {
      if (!running()) return;
      child?.kill('SIGKILL');
      await exited;
    },
    sql,
  };
  return { server, start };
};

/** Starts a primary, then a replica that follows it by GTID and has caught up with it. */
export const startMariadbReplica = async ({
  delaySeconds = 0,
}: MariadbReplicaOptions = {}): Promise<MariadbReplicaPair> => {
  if (!mariadbInstalled) throw new Error('mariadb-server is not installed');
  const owner = await accountIds('mysql');
  const root = mkdtempSync(join(tmpdir(), 'crudboard-mariadb-replica-'));
  // The servers (as `mysql`) must reach their directories under it.
  chmodSync(root, 0o755);
  const [primaryPort, replicaPort] = [await freeListeningPort(), await freeListeningPort()];
  // One after another, each with its own temp dir: installs side by side collide on temp tables.
  for (const name of ['primary', 'replica']) {
    const dir = join(root, name);
    for (const path of [dir, join(dir, 'data'), join(dir, 'tmp')]) {
      mkdirSync(path, { recursive: true });
      if (owner) chownSync(path, owner.uid, owner.gid);
    }
    await run(
      INSTALL_DB,
      [
        '--no-defaults',
        `--datadir=${join(dir, 'data')}`,
        ...(owner ? ['--user=mysql'] : []),
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
      ],
      { env: { ...process.env, TMPDIR: join(dir, 'tmp') } },
    );
  }
  const primary = makeServer(
    'primary',
    join(root, 'primary'),
    primaryPort,
    ['--server-id=1', '--log-bin=mariadb-bin', '--binlog-format=ROW'],
    owner !== undefined,
  );
  const replica = makeServer(
    'replica',
    join(root, 'replica'),
    replicaPort,
    ['--server-id=2', '--skip-log-bin'],
    owner !== undefined,
  );
  const pair: MariadbReplicaPair = {
    primary: primary.server,
    replica: replica.server,
    remove: async () => {
      await Promise.all([primary.server.kill(), replica.server.kill()]);
      rmSync(root, { recursive: true, force: true });
    },
  };
  try {
    await primary.start();
    // Written to the binary log: the replica replays these from the start.
    await primary.server.sql(
      [
        `CREATE USER '${REPLICATION_USER}'@'127.0.0.1' IDENTIFIED BY '${REPLICATION_PASSWORD}'`,
        `GRANT REPLICATION SLAVE ON *.* TO '${REPLICATION_USER}'@'127.0.0.1'`,
        `CREATE USER '${MARIADB_USER}'@'127.0.0.1' IDENTIFIED BY '${MARIADB_PASSWORD}'`,
        `GRANT ALL PRIVILEGES ON *.* TO '${MARIADB_USER}'@'127.0.0.1' WITH GRANT OPTION`,
        `CREATE DATABASE ${MARIADB_DATABASE} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`,
      ].join(';'),
    );
    await replica.start();
    await replica.server.sql(
      [
        `CHANGE MASTER TO MASTER_HOST = '127.0.0.1', MASTER_PORT = ${primaryPort}, MASTER_USER = '${REPLICATION_USER}', MASTER_PASSWORD = '${REPLICATION_PASSWORD}', MASTER_USE_GTID = slave_pos, MASTER_DELAY = ${delaySeconds}, MASTER_CONNECT_RETRY = 1`,
        'START SLAVE',
      ].join(';'),
    );
    const target = await primary.server.sql('SELECT @@global.gtid_binlog_pos');
    await waitUntil(`the replica replays ${target}`, async () => {
      const replayed = await replica.server.sql('SELECT @@global.gtid_slave_pos');
      return replayed === target;
    });
  } catch (error) {
    await pair.remove();
    throw error;
  }
  return pair;
};
