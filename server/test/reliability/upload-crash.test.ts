import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSourceConfig } from '../../src/config';
import { multipartBody } from '../helpers/multipart';
import { freePort, signIn, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { describeEachDatabase, type TestEnvironment } from '../helpers/test-databases';

const PASSWORD = 'Crash-admin-Pass-1';
const CHUNK = 1024 * 1024;
const CHUNKS = 8;
const data = randomBytes(CHUNK * CHUNKS - 12345);
const md5 = createHash('md5').update(data).digest('hex');

const chunkBody = (index: number) =>
  multipartBody([
    { name: 'name', value: '崩溃测试.bin' },
    { name: 'md5', value: md5 },
    { name: 'size', value: String(data.length) },
    { name: 'chunks', value: String(CHUNKS) },
    { name: 'chunk', value: String(index) },
    { name: 'file', filename: 'blob', value: data.subarray(index * CHUNK, (index + 1) * CHUNK) },
  ]);

const sendChunk = async (server: ServerProcess, cookie: string, index: number) => {
  const body = chunkBody(index);
  const response = await fetch(`${server.url}/api/file/big`, {
    method: 'POST',
    headers: { ...body.headers, cookie },
    body: body.payload,
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as { isFinished: boolean; url?: string };
};

/** Sends the first half of a chunk's body and leaves the request hanging. */
const sendHalfChunk = (server: ServerProcess, cookie: string, index: number) => {
  const body = chunkBody(index);
  const half = request(`${server.url}/api/file/big`, {
    method: 'POST',
    headers: { ...body.headers, cookie, 'content-length': String(body.payload.length) },
  });
  half.on('error', () => undefined);
  half.write(body.payload.subarray(0, body.payload.length >> 1));
  return new Promise((wait) => setTimeout(wait, 300));
};

const dataDir = mkdtempSync(join(tmpdir(), 'crudboard-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a big-file upload when the server is killed', () => {
  it('resumes from the chunks stored before kill -9 and assembles the right file', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: PASSWORD };
    let server = await startServerProcess(port, env);
    try {
      let cookie = await signIn(server.url, PASSWORD);
      for (const index of [0, 2, 1, 3])
        expect((await sendChunk(server, cookie, index)).isFinished).toBe(false);
      await sendHalfChunk(server, cookie, 4);
      await server.kill();

      server = await startServerProcess(port, env);
      cookie = await signIn(server.url, PASSWORD);
      const status = await fetch(`${server.url}/api/file/big/${md5}`, { headers: { cookie } });
      expect(status.status).toBe(200);
      // The chunk cut off half-way is not there: a chunk is whole or absent.
      expect(await status.json()).toMatchObject({ isFinished: false, received: [0, 1, 2, 3] });

      let last = { isFinished: false } as { isFinished: boolean; url?: string };
      for (const index of [4, 5, 6, 7]) last = await sendChunk(server, cookie, index);
      expect(last.isFinished).toBe(true);
      const stored = await fetch(`${server.url}${last.url ?? ''}`, { headers: { cookie } });
      expect(stored.status).toBe(200);
      const bytes = Buffer.from(await stored.arrayBuffer());
      expect(createHash('md5').update(bytes).digest('hex')).toBe(md5);
    } finally {
      await server.kill();
    }
  }, 120_000);
});

describeEachDatabase(
  'a big-file upload when its server is killed, with a second server on the database ($name)',
  (db) => {
    let env: TestEnvironment;
    let sharedDir: string;
    beforeAll(async () => {
      env = await db.create();
      sharedDir = mkdtempSync(join(tmpdir(), 'crudboard-crash-'));
    });
    afterAll(async () => {
      await env?.drop();
      rmSync(sharedDir, { recursive: true, force: true });
    });

    it('the other server resumes from the chunks stored before kill -9 and assembles the right file', async () => {
      const primary = env.config().dataSources[0] as DataSourceConfig;
      const serverEnv = {
        DATA_DIR: sharedDir,
        ADMIN_PASSWORD: PASSWORD,
        DATA_SOURCES: JSON.stringify([{ name: 'primary', client: db.name, connection: primary.connection }]),
      };
      const a = await startServerProcess(await freePort(), serverEnv);
      let b: ServerProcess | undefined;
      try {
        b = await startServerProcess(await freePort(), serverEnv);
        const onA = await signIn(a.url, PASSWORD);
        const onB = await signIn(b.url, PASSWORD);
        for (const index of [0, 2, 1, 3]) expect((await sendChunk(a, onA, index)).isFinished).toBe(false);
        await sendHalfChunk(a, onA, 4);
        await a.kill();

        const status = await fetch(`${b.url}/api/file/big/${md5}`, { headers: { cookie: onB } });
        expect(status.status).toBe(200);
        expect(await status.json()).toMatchObject({ isFinished: false, received: [0, 1, 2, 3] });
        let last = { isFinished: false } as { isFinished: boolean; url?: string };
        for (const index of [4, 5, 6, 7]) last = await sendChunk(b, onB, index);
        expect(last.isFinished).toBe(true);
        const stored = await fetch(`${b.url}${last.url ?? ''}`, { headers: { cookie: onB } });
        expect(stored.status).toBe(200);
        const bytes = Buffer.from(await stored.arrayBuffer());
        expect(createHash('md5').update(bytes).digest('hex')).toBe(md5);
      } finally {
        await a.kill();
        await b?.kill();
      }
    }, 120_000);
  },
  (db) => db.name !== 'sqlite',
);
