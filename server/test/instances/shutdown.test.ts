import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, signIn, startServerProcess } from '../helpers/server-process';

const PASSWORD = 'Shutdown-admin-Pass-1';
/** Long enough that the checks made while draining fit in it on a loaded machine. */
const DRAIN_MS = 5000;

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A sign-in whose body arrives in two halves: in flight until `finish` is called. */
const slowSignIn = (url: string) => {
  const body = JSON.stringify({ username: 'superadmin', password: PASSWORD });
  const half = body.length >> 1;
  let answered!: (value: { status: number; connection: string | undefined }) => void;
  const answer = new Promise<{ status: number; connection: string | undefined }>((done) => (answered = done));
  const call = request(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
  });
  call.on('response', (response) => {
    response.resume();
    response.on('end', () =>
      answered({ status: response.statusCode ?? 0, connection: response.headers.connection }),
    );
  });
  call.on('error', () => answered({ status: -1, connection: undefined }));
  call.write(body.slice(0, half));
  return { answer, finish: () => call.end(body.slice(half)) };
};

const dataDir = mkdtempSync(join(tmpdir(), 'crudboard-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a server told to stop (SIGTERM)', () => {
  it('answers /api/ready 503 as soon as the signal arrives, keeps serving while draining, finishes requests in flight, exits 0', async () => {
    const port = await freePort();
    const server = await startServerProcess(port, {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: PASSWORD,
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    });
    try {
      const cookie = await signIn(server.url, PASSWORD);
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
      const inFlight = slowSignIn(server.url);
      await pause(100);

      const stopping = Date.now();
      server.signal('SIGTERM');
      // The signal reaches the process when the system schedules it: on a loaded machine 100 ms
      // were once not enough. Readiness must drop well inside the drain, not at its end.
      await expect
        .poll(async () => (await fetch(`${server.url}/api/ready`)).status, {
          timeout: DRAIN_MS / 2,
          interval: 50,
        })
        .toBe(503);
      const ready = await fetch(`${server.url}/api/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable', reason: 'closing' });
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      // Still serving signed-in users while the load balancer takes it out of rotation.
      expect((await fetch(`${server.url}/api/users/me`, { headers: { cookie } })).status).toBe(200);

      // The drain is over and the server closes; the request in flight is still answered.
      await pause(DRAIN_MS + 300 - (Date.now() - stopping));
      inFlight.finish();
      const answer = await inFlight.answer;
      expect(answer.status).toBe(200);
      expect(answer.connection).toBe('close');

      expect(await server.exited()).toBe(0);
      expect(Date.now() - stopping).toBeGreaterThanOrEqual(DRAIN_MS);
      expect(server.output()).toContain('stopped');
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    } finally {
      await server.kill();
    }
  }, 30_000);
});
