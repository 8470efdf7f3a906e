import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import { freeListeningPort } from '../../../test-support/processes';
import { serverBundle } from './server-bundle';
import { TEST_PASSWORD_HASH_COST } from './test-databases';

/** The real server as a child process (the current source, bundled), for tests that kill it. */
export interface ServerProcess {
  url: string;
  output(): string;
  /** SIGKILL: no shutdown hooks, nothing flushed. */
  kill(): Promise<void>;
  /** Sends `signal` (SIGTERM, SIGINT) and returns at once. */
  signal(signal: NodeJS.Signals): void;
  /** Resolves with the exit code once the process has ended (null when a signal ended it). */
  exited(): Promise<number | null>;
}

const repoRoot = resolve(import.meta.dirname, '../../..');

/**
 * A TCP port nobody listens on right now, below the ephemeral range: a port the kernel hands out
 * to outgoing connections could be taken by one before the server binds it.
 */
export const freePort = freeListeningPort;

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((done) => child.once('exit', () => done()));

/** Starts the server with `env` (DATA_DIR, ADMIN_PASSWORD, ...) on `port` and waits until it answers. */
export const startServerProcess = async (
  port: number,
  env: Record<string, string>,
): Promise<ServerProcess> => {
  let out = '';
  const bundle = await serverBundle();
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_SOURCES: '',
      PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (data: Buffer) => (out += data.toString()));
  child.stderr?.on('data', (data: Buffer) => (out += data.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${out}`);
    try {
      if ((await fetch(`${url}/api/metadata/dataSources`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start within 60 s:\n${out}`);
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return {
    url,
    output: () => out,
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    signal: (signal) => {
      child.kill(signal);
    },
    exited: async () => {
      await exited(child);
      return child.exitCode;
    },
  };
};

/** Signs in over HTTP; the session cookie to send back. */
export const signIn = async (url: string, password: string, username = 'superadmin'): Promise<string> => {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }).toString(),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
};

/** A JSON call to a server process as the signed-in `cookie`, expected to succeed (status < 300). */
export const callServer = async (url: string, cookie: string, method: string, body?: unknown) => {
  const response = await fetch(url, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return response;
};
