import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeListeningPort } from './processes';

/**
 * A throwaway PgBouncer (Debian package `pgbouncer`) on a random loopback port in front of one
 * PostgreSQL database, for the tests that check how crudboard meets a connection pooler. Run as
 * root, it runs as the `postgres` account (PgBouncer refuses root).
 */
export const PGBOUNCER_BINARY = '/usr/sbin/pgbouncer';
export const pgbouncerInstalled = existsSync(PGBOUNCER_BINARY);
export const pgbouncerSkipNote = pgbouncerInstalled ? '' : ' (skipped: pgbouncer is not installed)';

export interface PgBouncerOptions {
  /** The PostgreSQL URL PgBouncer connects to (user and password are used for both sides). */
  upstream: string;
  poolMode: 'session' | 'transaction';
  /** Startup parameters PgBouncer lets through without passing them on (`ignore_startup_parameters`). */
  ignoreStartupParameters?: string[];
}

export interface PgBouncer {
  /** The URL that reaches the upstream database through PgBouncer. */
  url: string;
  log(): string;
  remove(): Promise<void>;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export const startPgBouncer = async (options: PgBouncerOptions): Promise<PgBouncer> => {
  const upstream = new URL(options.upstream);
  const user = decodeURIComponent(upstream.username);
  const password = decodeURIComponent(upstream.password);
  const database = decodeURIComponent(upstream.pathname.slice(1));
  const dir = mkdtempSync(join(tmpdir(), 'crudboard-pgbouncer-'));
  chmodSync(dir, 0o777);
  const port = await freeListeningPort();
  writeFileSync(join(dir, 'users.txt'), `"${user}" "${password}"\n`, { mode: 0o644 });
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${database} = host=${upstream.hostname} port=${upstream.port || 5432} dbname=${database}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = plain',
      `auth_file = ${join(dir, 'users.txt')}`,
      `pool_mode = ${options.poolMode}`,
      ...(options.ignoreStartupParameters
        ? [`ignore_startup_parameters = ${options.ignoreStartupParameters.join(',')}`]
        : []),
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const asRoot = process.getuid?.() === 0;
  const args = [join(dir, 'pgbouncer.ini')];
  const [command, full] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', PGBOUNCER_BINARY, ...args]]
    : [PGBOUNCER_BINARY, args];
  let out = '';
  const child: ChildProcess = spawn(command, full, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (data: Buffer) => (out += data.toString()));
  child.stderr?.on('data', (data: Buffer) => (out += data.toString()));
  const deadline = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited while starting:\n${out}`);
    if (Date.now() > deadline) throw new Error(`pgbouncer did not listen within 10 s:\n${out}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  const url = new URL(options.upstream);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    log: () => out,
    remove: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
