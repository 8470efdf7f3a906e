import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { asRoot, freeListeningPort, waitUntil } from './processes';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL primary with a synchronous streaming standby (Debian package
 * `postgresql`), each a child process on its own loopback port and data directory under a temp
 * dir, for the failover tests: the test kills the primary (SIGKILL) and promotes the standby, as
 * a failover manager would. Run as root, the servers run as the `postgres` account (initdb
 * refuses root). Authentication is `trust` on loopback only.
 */
const PG_BIN = (() => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
})();

export const pgServerInstalled = PG_BIN !== undefined;
/** Appended to the titles of suites that need PostgreSQL's server binaries, so that a skip says why. */
export const pgServerSkipNote = pgServerInstalled
  ? ''
  : ' (skipped: the postgresql package is not installed)';

/** Runs one of PostgreSQL's programs, as `postgres` when this process is root. */
const pgCommand = (program: string, args: string[]): [string, string[]] => {
  const path = join(PG_BIN ?? '', program);
  return asRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
};

export interface PgNode {
  port: number;
  dir: string;
  /** `postgres://postgres@127.0.0.1:PORT/postgres`. */
  url: string;
  log(): string;
  /** SIGKILL to the postmaster: no shutdown, no checkpoint; its children die with it. */
  kill(): Promise<void>;
}

export interface PgPair {
  primary: PgNode;
  standby: PgNode;
  /** The `moreStandbys` asynchronous standbys. */
  others: PgNode[];
  /** The libpq multi-host URL naming both, primary first. */
  url(database?: string, query?: string): string;
  /** `pg_ctl promote` on the standby, then waits until it accepts writes. */
  promote(): Promise<void>;
  /** Runs one SQL statement with psql on `node`, returning its unaligned output. */
  psql(node: PgNode, sql: string, database?: string): Promise<string>;
  /** Stops whatever still runs and deletes the temp dir. */
  remove(): Promise<void>;
}

const startNode = async (dir: string, port: number): Promise<{ node: PgNode; child: ChildProcess }> => {
  let out = '';
  const [command, args] = pgCommand('postgres', [
    '-D',
    dir,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
  ]);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (data: Buffer) => (out += data.toString()));
  child.stderr?.on('data', (data: Buffer) => (out += data.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const node: PgNode = {
    port,
    dir,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    log: () => out,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // The postmaster is runuser's child when run as root: kill the whole process group's postgres.
      if (asRoot) await run('pkill', ['-KILL', '-f', `postgres -D ${dir} `]).catch(() => undefined);
      child.kill('SIGKILL');
      await exited;
    },
  };
  return { node, child };
};

export interface PgPairOptions {
  /** The primary waits for the standby at each commit (default true); false: a read replica. */
  synchronous?: boolean;
  /** The standby replays each commit this long after it (`recovery_min_apply_delay`): a lagging replica. */
  applyDelayMs?: number;
  /** More asynchronous standbys of the primary, beside the first (read replicas for a benchmark). */
  moreStandbys?: number;
}

/**
 * Starts a primary and a standby: by default synchronous (`synchronous_standby_names =
 * 'standby1'`), for failover; asynchronous and optionally delayed, for a read replica.
 */
export const startPgPair = async ({
  synchronous = true,
  applyDelayMs = 0,
  moreStandbys = 0,
}: PgPairOptions = {}): Promise<PgPair> => {
  if (!PG_BIN) throw new Error('PostgreSQL server binaries are not installed');
  const root = mkdtempSync(join(tmpdir(), 'crudboard-pg-pair-'));
  chmodSync(root, 0o777);
  const primaryDir = join(root, 'primary');
  const standbyDir = join(root, 'standby');
  const [primaryPort, standbyPort] = [await freeListeningPort(), await freeListeningPort()];
  const exec = async (program: string, args: string[]) => {
    const [command, full] = pgCommand(program, args);
    return (await run(command, full, { maxBuffer: 16 * 1024 * 1024 })).stdout;
  };
  const psqlAt = (node: PgNode, sql: string, database = 'postgres') =>
    exec('psql', [
      '-h',
      '127.0.0.1',
      '-p',
      String(node.port),
      '-U',
      'postgres',
      '-d',
      database,
      '-qtAX',
      '-c',
      sql,
    ]).then((text) => text.trim());

  await exec('initdb', [
    '-D',
    primaryDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  appendFileSync(
    join(primaryDir, 'postgresql.conf'),
    [
      'wal_level = replica',
      'max_wal_senders = 5',
      'hot_standby = on',
      ...(synchronous ? ["synchronous_standby_names = 'standby1'", 'synchronous_commit = on'] : []),
      'fsync = off',
      'full_page_writes = on',
      'max_connections = 100',
      '',
    ].join('\n'),
  );
  appendFileSync(join(primaryDir, 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\n');
  const children: ChildProcess[] = [];
  const primaryStarted = await startNode(primaryDir, primaryPort);
  children.push(primaryStarted.child);
  const primary = primaryStarted.node;
  await waitUntil('the primary answers', async () => (await psqlAt(primary, 'select 1')) === '1');

  await exec('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    standbyDir,
    '-R',
    '-X',
    'stream',
  ]);
  // The standby names itself standby1, the name the primary waits for.
  appendFileSync(
    join(standbyDir, 'postgresql.auto.conf'),
    `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=standby1'\n` +
      // Promoted, it has no standby of its own to wait for: a failover manager (Patroni) turns
      // synchronous replication off on a new primary that has none, or its commits would wait forever.
      "synchronous_standby_names = ''\n" +
      (applyDelayMs > 0 ? `recovery_min_apply_delay = '${applyDelayMs}ms'\n` : ''),
  );
  const standbyStarted = await startNode(standbyDir, standbyPort);
  children.push(standbyStarted.child);
  const standby = standbyStarted.node;
  await waitUntil('the standby replicates', async () => {
    const state = await psqlAt(
      primary,
      "select sync_state from pg_stat_replication where application_name = 'standby1'",
    );
    return state === (synchronous ? 'sync' : 'async');
  });
  const others: PgNode[] = [];
  for (let n = 2; n < 2 + moreStandbys; n += 1) {
    const dir = join(root, `standby${n}`);
    await exec('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      dir,
      '-R',
      '-X',
      'stream',
    ]);
    appendFileSync(
      join(dir, 'postgresql.auto.conf'),
      `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=standby${n}'\n`,
    );
    const started = await startNode(dir, await freeListeningPort());
    children.push(started.child);
    others.push(started.node);
  }
  return {
    primary,
    standby,
    others,
    url: (database = 'postgres', query = '') =>
      `postgres://postgres@127.0.0.1:${primaryPort},127.0.0.1:${standbyPort}/${database}${query}`,
    promote: async () => {
      await exec('pg_ctl', ['-D', standbyDir, 'promote', '-w']);
      await waitUntil(
        'the standby accepts writes',
        async () => (await psqlAt(standby, 'select pg_is_in_recovery()')) === 'f',
      );
    },
    psql: psqlAt,
    remove: async () => {
      await primary.kill();
      await standby.kill();
      for (const other of others) await other.kill();
      for (const child of children) child.kill('SIGKILL');
      rmSync(root, { recursive: true, force: true });
    },
  };
};
