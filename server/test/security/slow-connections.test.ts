import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_LIMITS } from '../../src/config';
import { useTestApps } from '../helpers/test-app';
import { testDatabases } from '../helpers/test-databases';

const FLOOD = 2000;

const ended = new WeakSet<Socket>();

/** A client socket whose answers are read and thrown away, so that the server's close is seen. */
const open = (port: number): Promise<Socket> =>
  new Promise((done, fail) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => done(socket));
    socket.once('error', fail);
    socket.once('close', () => ended.add(socket));
    socket.resume();
  });

const closed = (socket: Socket) => ended.has(socket);

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
        for (let i = 0; i < FLOOD; i++) {
          const socket = await open(port);
          socket.on('error', () => undefined);
          socket.write('GET /api/metadata/dataSources HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
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
