import { execFile } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Whether this process runs as root: the servers the helpers start then run as a service account. */
export const asRoot = process.getuid?.() === 0;

/** A TCP port on 127.0.0.1 nobody listens on right now. */
export const freePort = (): Promise<number> =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

const portIsFree = (port: number): Promise<boolean> =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * A free port below the kernel's ephemeral range (32768 and up on Linux), for a server that binds
 * it some time later: a port from `freePort` can meanwhile become the source port of an outgoing
 * connection (a cluster node dialling its peers), and the later bind fails.
 */
export const freeListeningPort = async (): Promise<number> => {
  for (let tries = 0; tries < 200; tries += 1) {
    const port = 15_000 + Math.floor(Math.random() * 17_000);
    if (await portIsFree(port)) return port;
  }
  return freePort();
};

/** Calls `check` every `everyMs` until it is true (an error counts as false); throws after `ms`. */
export const waitUntil = async (
  what: string,
  check: () => Promise<boolean>,
  ms = 60_000,
  everyMs = 200,
): Promise<void> => {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((done) => setTimeout(done, everyMs));
  }
};

/** The user and group ids of a service account (`mysql`, `postgres`), when this process is root. */
export const accountIds = async (name: string): Promise<{ uid: number; gid: number } | undefined> => {
  if (!asRoot) return undefined;
  const [uid, gid] = await Promise.all([
    run('id', ['-u', name]).then((out) => Number(out.stdout.trim())),
    run('id', ['-g', name]).then((out) => Number(out.stdout.trim())),
  ]);
  return { uid, gid };
};
