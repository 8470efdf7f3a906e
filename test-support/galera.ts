import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { accountIds, freeListeningPort, waitUntil } from './processes';

const run = promisify(execFile);

/**
 * A throwaway three-node MariaDB Galera cluster (Debian packages `mariadb-server`, `galera-4`,
 * `rsync`) for the multi-node tests: each node a child `mariadbd` with its own data directory,
 * port, socket and Galera ports on 127.0.0.1, under a temp dir. Run as root, the nodes run as
 * the `mysql` account: rsync's state transfer to a joining node cannot write into root's
 * directories. The first node bootstraps the cluster, the others join it; a node killed with
 * SIGKILL can be started again and rejoins (incremental or rsync state transfer).
 */
const MARIADBD = '/usr/sbin/mariadbd';
const INSTALL_DB = '/usr/bin/mariadb-install-db';
const CLIENT = '/usr/bin/mariadb';
const PROVIDER = '/usr/lib/galera/libgalera_smm.so';

export const galeraInstalled = [MARIADBD, INSTALL_DB, CLIENT, PROVIDER, '/usr/bin/rsync'].every((path) =>
  existsSync(path),
);
/** Appended to the titles of suites that need a Galera cluster, so that a skip says why. */
export const galeraSkipNote = galeraInstalled
  ? ''
  : ' (skipped: mariadb-server, galera-4 or rsync is not installed)';

export const GALERA_USER = 'crudboard';
export const GALERA_PASSWORD = 'crudboard';

export interface GaleraNode {
  /** 1, 2 or 3. */
  index: number;
  port: number;
  /** `mysql://crudboard:crudboard@127.0.0.1:PORT/DATABASE` (`mysql` by default). */
  url(database?: string): string;
  log(): string;
  /** Whether its mariadbd runs now. */
  running(): boolean;
  /** SIGKILL: no shutdown, the node leaves the cluster as a crash would. */
  kill(): Promise<void>;
  /** Starts it again on the same data directory and waits until it has rejoined (Synced). */
  restart(): Promise<void>;
  /** Runs SQL as root over the node's socket, returning the tab-separated output. */
  sql(statement: string): Promise<string>;
}

export interface GaleraCluster {
  nodes: GaleraNode[];
  /** Waits until every running node sees `size` members and is Synced. */
  waitSynced(size?: number): Promise<void>;
  /** Stops every node and deletes the temp dir. */
  remove(): Promise<void>;
}

interface NodePorts {
  mysql: number;
  gcomm: number;
  ist: number;
  sst: number;
}

export const startGaleraCluster = async (size = 3): Promise<GaleraCluster> => {
  if (!galeraInstalled) throw new Error('mariadb-server, galera-4 or rsync is not installed');
  const owner = await accountIds('mysql');
  const root = mkdtempSync(join(tmpdir(), 'crudboard-galera-'));
  // The nodes (as `mysql`) must reach their directories under it.
  chmodSync(root, 0o755);
  const ports: NodePorts[] = [];
  for (let i = 0; i < size; i += 1) {
    ports.push({
      mysql: await freeListeningPort(),
      gcomm: await freeListeningPort(),
      ist: await freeListeningPort(),
      sst: await freeListeningPort(),
    });
  }
  const clusterAddress = `gcomm://${ports.map((p) => `127.0.0.1:${p.gcomm}`).join(',')}`;
  const clusterName = `crudboard_${process.pid}`;

  // One after another, each with its own temp dir: installs side by side collide on temp tables.
  const nodes: Node[] = [];
  for (const [i, nodePorts] of ports.entries()) {
    const dir = join(root, `node${i + 1}`);
    const dataDir = join(dir, 'data');
    const tmp = join(dir, 'tmp');
    for (const path of [dir, dataDir, tmp]) {
      mkdirSync(path, { recursive: true });
      if (owner) chownSync(path, owner.uid, owner.gid);
    }
    await run(
      INSTALL_DB,
      [
        '--no-defaults',
        `--datadir=${dataDir}`,
        ...(owner ? ['--user=mysql'] : []),
        '--auth-root-authentication-method=normal',
        '--skip-test-db',
      ],
      { env: { ...process.env, TMPDIR: tmp } },
    );
    nodes.push(makeNode(i + 1, dir, dataDir, nodePorts, clusterAddress, clusterName, owner !== undefined));
  }

  const cluster: GaleraCluster = {
    nodes,
    waitSynced: async (expected = nodes.filter((node) => node.running()).length) => {
      for (const node of nodes.filter((n) => n.running())) {
        await waitUntil(`node ${node.index} is Synced in a cluster of ${expected}`, async () => {
          const out = await node.sql(
            "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME IN ('wsrep_cluster_size','wsrep_local_state_comment') ORDER BY VARIABLE_NAME",
          );
          const [clusterSize, state] = out.split('\n');
          return Number(clusterSize) === expected && state === 'Synced';
        });
      }
    },
    remove: async () => {
      await Promise.all(nodes.map((node) => node.kill()));
      rmSync(root, { recursive: true, force: true });
    },
  };

  try {
    const [first, ...others] = nodes as [Node, ...Node[]];
    await first.start(true);
    await cluster.waitSynced(1);
    await first.sql(
      [
        `CREATE USER '${GALERA_USER}'@'127.0.0.1' IDENTIFIED BY '${GALERA_PASSWORD}'`,
        `GRANT ALL PRIVILEGES ON *.* TO '${GALERA_USER}'@'127.0.0.1' WITH GRANT OPTION`,
      ].join(';'),
    );
    // One at a time: two nodes asking the donor for a state transfer at once make one wait.
    for (const [i, node] of others.entries()) {
      await node.start(false).catch(async (error: unknown) => {
        // A joiner whose state transfer could not begin (the rsync daemon it starts for it did
        // not come up) exits: it is started once more, on another port for the transfer.
        if (!(error instanceof Error) || !error.message.includes("Failed to prepare for 'rsync' SST"))
          throw error;
        (ports[i + 1] as NodePorts).sst = await freeListeningPort();
        await node.start(false);
      });
      await cluster.waitSynced(i + 2);
    }
  } catch (error) {
    await cluster.remove();
    throw error;
  }
  return cluster;
};

interface Node extends GaleraNode {
  start(bootstrap: boolean): Promise<void>;
}

const makeNode = (
  index: number,
  dir: string,
  dataDir: string,
  ports: NodePorts,
  clusterAddress: string,
  clusterName: string,
  asMysql: boolean,
): Node => {
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

  const start = async (bootstrap: boolean) => {
    const args = [
      '--no-defaults',
      `--datadir=${dataDir}`,
      `--port=${ports.mysql}`,
      '--bind-address=127.0.0.1',
      `--socket=${socket}`,
      `--tmpdir=${join(dir, 'tmp')}`,
      `--pid-file=${join(dir, 'mysqld.pid')}`,
      ...(asMysql ? ['--user=mysql'] : []),
      '--skip-log-error',
      '--wsrep-on=ON',
      `--wsrep-provider=${PROVIDER}`,
      `--wsrep-cluster-name=${clusterName}`,
      `--wsrep-cluster-address=${clusterAddress}`,
      '--wsrep-node-address=127.0.0.1',
      `--wsrep-node-name=node${index}`,
      // A node that stops answering is suspected after 2 s and evicted after 3 (defaults: 5 and
      // 15): until then the others' commits wait for it.
      `--wsrep-provider-options=gmcast.listen_addr=tcp://127.0.0.1:${ports.gcomm};ist.recv_addr=127.0.0.1:${ports.ist};evs.keepalive_period=PT0.5S;evs.inactive_check_period=PT0.5S;evs.suspect_timeout=PT2S;evs.inactive_timeout=PT3S`,
      '--wsrep-sst-method=rsync',
      `--wsrep-sst-receive-address=127.0.0.1:${ports.sst}`,
      '--binlog-format=ROW',
      '--innodb-autoinc-lock-mode=2',
      '--default-storage-engine=InnoDB',
      // Small and fast: a test cluster, nothing to keep.
      '--innodb-buffer-pool-size=64M',
      '--innodb-log-file-size=16M',
      '--innodb-flush-log-at-trx-commit=2',
      '--max-connections=300',
      '--character-set-server=utf8mb4',
      '--collation-server=utf8mb4_unicode_ci',
      ...(bootstrap ? ['--wsrep-new-cluster'] : []),
    ];
    const started = spawn(MARIADBD, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    started.stdout?.on('data', (data: Buffer) => (out += data.toString()));
    started.stderr?.on('data', (data: Buffer) => (out += data.toString()));
    child = started;
    exited = new Promise<void>((done) => started.once('exit', () => done()));
    // The state transfer script's own lines come first: the tail of the log is the server's.
    const exitedError = () =>
      new Error(
        `node ${index} exited:\n${out
          .split('\n')
          .filter((line) => line.includes('WSREP_SST'))
          .slice(-30)
          .join('\n')}\n…\n${out.slice(-4000)}`,
      );
    await waitUntil(
      `node ${index} answers`,
      async () => {
        if (!running()) throw exitedError();
        return (await sql('SELECT 1')) === '1';
      },
      120_000,
    ).catch((error: unknown) => {
      if (!running()) throw exitedError();
      throw error;
    });
  };

  return {
    index,
    port: ports.mysql,
    url: (database = 'mysql') =>
      `mysql://${GALERA_USER}:${GALERA_PASSWORD}@127.0.0.1:${ports.mysql}/${database}`,
    log: () => out,
    running,
    start,
    kill: async () => {
      if (!running()) return;
      child?.kill('SIGKILL');
      await exited;
    },
    restart: async () => {
      // Galera refuses to start a node whose state says it may be ahead of the cluster
      // (safe_to_bootstrap); a joining node takes the cluster's state anyway.
      await start(false);
      await waitUntil(
        `node ${index} is Synced`,
        async () =>
          (await sql(
            "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = 'wsrep_local_state_comment'",
          )) === 'Synced',
        120_000,
      );
    },
    sql,
  };
};
