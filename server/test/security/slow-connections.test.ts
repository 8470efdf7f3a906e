import { get } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_LIMITS } from '../../src/config';
import { useTestApps } from '../helpers/test-app';
import { testDatabases } from '../helpers/test-databases';

const FLOOD = 2000;
/** Client addresses the flood comes from: 200 sockets each, under the default cap per address. */
const FLOOD_CLIENTS = 10;

const ended = new WeakSet<Socket>();

/**
 * A client socket whose answers are read and thrown away, so that the server's close is seen.
 * `from` is the client's own address: all of 127.0.0.0/8 is loopback, so 127.0.0.2 is another client.
 */
const open = (port: number, from = '127.0.0.1'): Promise<Socket> =>
  new Promise((done, fail) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from }, () => done(socket));
    socket.once('error', fail);
    socket.once('close', () => ended.add(socket));
    socket.resume();
  });

const closed = (socket: Socket) => ended.has(socket);

const HALF_REQUEST = 'GET /api/metadata/dataSources HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ';

/** Opens `count` sockets from `from`, each sending half a request. */
const openHalfSent = async (port: number, count: number, from = '127.0.0.1') => {
  const sockets: Socket[] = [];
  for (let i = 0; i < count; i++) {
    const socket = await open(port, from);
    socket.on('error', () => undefined);
    socket.write(HALF_REQUEST);
    sockets.push(socket);
  }
  return sockets;
};

/** The status of a plain GET sent from the client address `from`. */
const statusFrom = (port: number, from: string, path = '/api/ready') =>
  new Promise<number>((done, fail) => {
    const request = get({ host: '127.0.0.1', port, path, localAddress: from, agent: false }, (response) => {
      response.resume();
      done(response.statusCode ?? 0);
    });
    request.once('error', fail);
  });

/** Sockets the server holds open. */
const serverSockets = (app: {
  server: { getConnections(cb: (error: Error | null, count: number) => void): void };
}) =>
  new Promise<number>((done, fail) =>
    app.server.getConnections((error, count) => (error ? fail(error) : done(count))),
  );

const waitUntil = async (condition: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((wait) => setTimeout(wait, 50));
  return condition();
};

// Sockets are what this is about, not SQL: SQLite is enough.
describe.each(testDatabases().filter((db) => db.name === 'sqlite'))(
  'idle and half-sent connections ($name)',
  (db) => {
    const apps = useTestApps(db);

    it(`answers a reader during a flood of ${FLOOD} half-sent requests, then closes them after the header timeout`, async () => {
      const app = await apps.build(
        {},
        apps.config({ http: { ...DEFAULT_HTTP_LIMITS, headersTimeoutMs: 1500, idleTimeoutMs: 60_000 } }),
      );
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const sockets: Socket[] = [];
      try {
        // From many clients, each within its own share of sockets (a single one is capped below).
        for (let i = 0; i < FLOOD; i++) {
          const socket = await open(port, `127.0.0.${10 + (i % FLOOD_CLIENTS)}`);
          socket.on('error', () => undefined);
          socket.write(HALF_REQUEST);
          sockets.push(socket);
        }
        const started = performance.now();
        const response = await fetch(`http://127.0.0.1:${port}/api/metadata/dataSources`);
        const answerMs = Math.round(performance.now() - started);
        expect(response.status).toBe(200);
        expect(answerMs).toBeLessThan(2000);
        console.log(`reader answered in ${answerMs} ms during a flood of ${FLOOD} half-sent requests`);

        expect(await waitUntil(() => sockets.every(closed), 8000)).toBe(true);
      } finally {
        for (const socket of sockets) socket.destroy();
      }
    }, 60_000);

    it('closes sockets past the connection cap at once', async () => {
      const app = await apps.build({}, apps.config({ http: { ...DEFAULT_HTTP_LIMITS, maxConnections: 20 } }));
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const sockets: Socket[] = [];
      try {
        for (let i = 0; i < 30; i++) {
          const socket = await open(port);
          socket.on('error', () => undefined);
          sockets.push(socket);
        }
        expect(await waitUntil(() => sockets.filter(closed).length >= 10, 3000)).toBe(true);
        expect(sockets.slice(0, 20).some(closed)).toBe(false);
      } finally {
        for (const socket of sockets) socket.destroy();
      }
    });

    it('keeps serving other clients while one address holds more sockets than its share', async () => {
      const app = await apps.build(
        {},
        apps.config({
          http: {
            ...DEFAULT_HTTP_LIMITS,
            maxConnections: 40,
            maxConnectionsPerAddress: 10,
            headersTimeoutMs: 60_000,
          },
        }),
      );
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      let sockets: Socket[] = [];
      try {
        // One client tries to fill every slot of the server with half-sent requests.
        sockets = await openHalfSent(port, 45);
        expect(await waitUntil(() => sockets.filter(closed).length >= 35, 5000)).toBe(true);
        expect(sockets.slice(0, 10).some(closed)).toBe(false);
        // Another client is served.
        expect(await statusFrom(port, '127.0.0.2')).toBe(200);
      } finally {
        for (const socket of sockets) socket.destroy();
      }
    });

    it('does not cap the sockets of a trusted proxy, which carry many clients', async () => {
      const app = await apps.build(
        {},
        apps.config({
          trustProxy: '127.0.0.1',
          http: {
            ...DEFAULT_HTTP_LIMITS,
            maxConnections: 40,
            maxConnectionsPerAddress: 10,
            headersTimeoutMs: 60_000,
          },
        }),
      );
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      let proxied: Socket[] = [];
      let direct: Socket[] = [];
      try {
        proxied = await openHalfSent(port, 15, '127.0.0.1');
        direct = await openHalfSent(port, 15, '127.0.0.2');
        expect(await waitUntil(() => direct.filter(closed).length >= 5, 5000)).toBe(true);
        expect(direct.slice(0, 10).some(closed)).toBe(false);
        expect(proxied.some(closed)).toBe(false);
        expect(await statusFrom(port, '127.0.0.3')).toBe(200);
      } finally {
        for (const socket of [...proxied, ...direct]) socket.destroy();
      }
    });

    it('closes the socket after answering 408, even when the client never closes its side', async () => {
      const app = await apps.build(
        {},
        apps.config({ http: { ...DEFAULT_HTTP_LIMITS, headersTimeoutMs: 500, idleTimeoutMs: 60_000 } }),
      );
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      // allowHalfOpen: the client does not answer the server's end with its own.
      const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
      socket.on('error', () => undefined);
      let answer = '';
      let ended = false;
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
      socket.once('end', () => (ended = true));
      try {
        await new Promise((done) => socket.once('connect', done));
        socket.write(HALF_REQUEST);
        expect(await waitUntil(() => ended, 5000)).toBe(true);
        expect(answer).toMatch(/^HTTP\/1\.1 408 /);
        // The server holds nothing more for it: no half-closed socket left.
        let held = await serverSockets(app);
        const deadline = Date.now() + 3000;
        while (held > 0 && Date.now() < deadline) {
          await new Promise((wait) => setTimeout(wait, 50));
          held = await serverSockets(app);
        }
        expect(held).toBe(0);
      } finally {
        socket.destroy();
      }
    });

    it('closes a request whose body does not arrive within the request timeout', async () => {
      const app = await apps.build(
        {},
        apps.config({ http: { ...DEFAULT_HTTP_LIMITS, requestTimeoutMs: 1000 } }),
      );
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const socket = await open(port);
      socket.on('error', () => undefined);
      try {
        socket.write(
          'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user',
        );
        // One byte a while: never idle, never done.
        const trickle = setInterval(() => socket.write(' '), 200);
        try {
          expect(await waitUntil(() => closed(socket), 5000)).toBe(true);
        } finally {
          clearInterval(trickle);
        }
      } finally {
        socket.destroy();
      }
    });
  },
);
