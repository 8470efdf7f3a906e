import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DataSourceConfig } from '../server/src/config';
import { freePort } from '../server/test/helpers/server-process';
import { BENCH_PASSWORD } from './bench-target';

const repoRoot = resolve(import.meta.dirname, '..');

/** The server as `npm start` runs it (the bundle, on plain Node) in a process of its own. */
export interface BuiltServer {
  url: string;
  cookie: string;
  /** Resident memory of the server process now, and its peak so far, in MB (from /proc). */
  memory(): { rssMb: number; peakMb: number };
  close(): Promise<void>;
}

/** Whether this process built the server bundle already (the sources do not change during a run). */
let bundled = false;

/** Extra Node flags for the server process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it. */
const serverFlags = (): string[] => process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];

const statusKb = (pid: number, field: 'VmRSS' | 'VmHWM'): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${field}:`));
  return Number(line?.replace(/\D+/g, '') ?? 0);
};

/**
 * Builds the server bundle (once per process), starts it on `dataDir` (a data directory whose
 * superadmin has the benchmark's password) and signs in. `dataSources` (an entry named `primary`
 * among them) replace the embedded SQLite database, as `DATA_SOURCES` does. BENCH_SERVER_FLAGS
 * adds Node flags to the server process.
 */
export const startBuiltServer = async (
  dataDir: string,
  dataSources: readonly DataSourceConfig[] = [],
): Promise<BuiltServer> => {
  if (!bundled) {
    execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: repoRoot, stdio: 'inherit' });
    bundled = true;
  }
  const port = await freePort();
  let output = '';
  const child = spawn(
    process.execPath,
    [...serverFlags(), '--enable-source-maps', 'server/build/server.js'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATA_SOURCES: JSON.stringify(dataSources),
        ADMIN_PASSWORD: BENCH_PASSWORD,
        LOG_LEVEL: 'warn',
        // The load tests' client (autocannon) keeps sending on a socket past the server's
        // `Connection: close`, and Node answers such requests 503: no per-socket limit here.
        MAX_REQUESTS_PER_SOCKET: '0',
        // Every load connection comes from 127.0.0.1: no cap per client address either.
        MAX_CONNECTIONS_PER_ADDRESS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    let cookie = '';
    for (const deadline = Date.now() + 60_000; !cookie;) {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      const response = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: 'superadmin', password: BENCH_PASSWORD }).toString(),
      }).catch(() => null);
      if (response?.status === 200) cookie = response.headers.getSetCookie()[0]?.split(';')[0] ?? '';
      else await new Promise((wait) => setTimeout(wait, 200));
    }
    const pid = child.pid ?? 0;
    const memory = () => ({ rssMb: statusKb(pid, 'VmRSS') / 1024, peakMb: statusKb(pid, 'VmHWM') / 1024 });
    return { url, cookie, memory, close };
  } catch (error) {
    await close();
    throw error;
  }
};
