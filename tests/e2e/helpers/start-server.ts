import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freeListeningPort } from '../../../test-support/processes';

export interface RunningServer {
  url: string;
  dataDir: string;
  adminPassword: string;
  output: () => string;
  stop: () => Promise<void>;
}

const repoRoot = resolve(import.meta.dirname, '../../..');

/** A port nobody listens on right now, below the range the kernel gives outgoing connections. */
export const freePort = freeListeningPort;

/** Why a start was given up: the port was taken by the time the server bound it (tried again). */
class PortTaken extends Error {}

/**
 * Waits until this child says it is running on `port` and answers there. The child's own line is
 * what proves the port is its: a free port can be taken by another test's server between the
 * probe and the bind, and that one would answer too.
 */
const waitUntilUp = async (
  url: string,
  port: number,
  child: ChildProcess,
  log: () => string,
): Promise<void> => {
  const deadline = Date.now() + 60_000;
  const running = new RegExp(`crudboard is running: http://[^\\s]+:${port}/`);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      if (log().includes('EADDRINUSE')) throw new PortTaken(`port ${port} was taken`);
      throw new Error(`server exited early:\n${log()}`);
    }
    if (running.test(log())) {
      try {
        const res = await fetch(`${url}/api/metadata/dataSources`);
        if (res.ok) return;
      } catch {
        // not answering yet
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start within 60 s:\n${log()}`);
};

/**
 * Starts the real server (built web app and server, fresh SQLite data directory) on a free port;
 * `root` is the checkout whose build runs (default: this one).
 */
export const startServer = async (
  env: Record<string, string> = {},
  root = repoRoot,
): Promise<RunningServer> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(env, root);
    } catch (error) {
      // another server took the free port first: once more on another one
      if (!(error instanceof PortTaken) || env.PORT || attempt >= 3) throw error;
    }
  }
};

const startOnce = async (env: Record<string, string>, root: string): Promise<RunningServer> => {
  const serverBundle = join(root, 'server/build/server.js');
  if (!existsSync(serverBundle)) throw new Error(`${serverBundle} is missing: run npm run build first`);
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'crudboard-e2e-'));
  const adminPassword = 'E2e-admin-Pass-1';
  let out = '';
  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: adminPassword,
      DATA_SOURCES: '',
      // the lowest password hash cost: the suites sign in often, and the cost is not under test here
      PASSWORD_HASH_COST: '1024',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(url, port, child, () => out);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    dataDir,
    adminPassword,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
