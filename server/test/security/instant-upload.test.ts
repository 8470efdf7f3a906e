import { createHash, randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { App } from '../../src/app';
import { SYSTEM } from '../../src/db/table-names';
import { type FormPart, multipartBody } from '../helpers/multipart';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

const md5Of = (data: Buffer) => createHash('md5').update(data).digest('hex');

/** A chunk of a big upload claiming to be part of the file with `md5`, `size` bytes in `chunks` chunks. */
const chunk = (
  claim: { md5: string; size: number; chunks: number; name?: string },
  index: number,
  bytes: Buffer,
): FormPart[] => [
  { name: 'name', value: claim.name ?? 'report.bin' },
  { name: 'md5', value: claim.md5 },
  { name: 'size', value: String(claim.size) },
  { name: 'chunks', value: String(claim.chunks) },
  { name: 'chunk', value: String(index) },
  { name: 'file', filename: 'blob', value: bytes },
];

describeEachDatabase('instant upload needs the bytes ($name)', (db) => {
  const apps = useTestApps(db);

  const post = (app: App, cookie: string, url: string, parts: FormPart[]) => {
    const body = multipartBody(parts);
    return app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie } });
  };
  const get = (app: App, cookie: string, url: string) =>
    app.inject({ method: 'GET', url, headers: { cookie } });
  const storedFiles = async () =>
    (await readdir(join(apps.env().dataDir, 'files'))).filter((n) => n.includes('.'));

  const setup = async (username: string) => {
    const app = await apps.build();
    const owner = (await login(app)).cookie;
    await createUser(app, {
      username,
      password: 'Other-pass-1',
      roles: { [`ROLE_${username}`]: 'file:upload' },
    });
    const other = (await login(app, username, 'Other-pass-1')).cookie;
    return { app, owner, other };
  };

  it("gives another user who knows only a stored file's md5 neither its URL nor a copy", async () => {
    const { app, owner, other } = await setup('guesser');
    const secret = randomBytes(4096);
    const md5 = md5Of(secret);
    const stored = await post(app, owner, '/api/file', [
      { name: 'file', filename: 'salaries.xlsx', value: secret },
    ]);
    expect(stored.statusCode).toBe(201);
    const url = stored.json().url as string;
    const filesBefore = await storedFiles();

    const status = await get(app, other, `/api/file/big/${md5}`);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ received: [], isFinished: false });

    // A first chunk of made-up bytes: the upload starts, nothing is finished.
    const claim = { md5, size: 4096, chunks: 2 };
    const first = await post(app, other, '/api/file/big', chunk(claim, 0, Buffer.alloc(2048)));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ size: 4096, name: 'report.bin', isFinished: false, received: [0] });
    // Made-up bytes for the whole file fail the md5 check.
    const whole = await post(app, other, '/api/file/big', chunk(claim, 1, Buffer.alloc(2048)));
    expect(whole.statusCode).toBe(400);
    expect(whole.json().code).toBe('MD5_MISMATCH');
    expect(whole.body).not.toContain(url);

    const rows = await app.dataSources.primary.knex(SYSTEM.file).where({ md5 });
    expect(rows).toHaveLength(1);
    expect(await storedFiles()).toEqual(filesBefore);

    // The owner's own re-upload of the same file still finishes at once.
    const again = await post(app, owner, '/api/file/big', chunk(claim, 0, secret.subarray(0, 2048)));
    expect(again.json()).toEqual({
      size: 4096,
      name: 'salaries.xlsx',
      url,
      isFinished: true,
      received: [0, 1],
    });
    expect((await get(app, owner, `/api/file/big/${md5}`)).json()).toEqual({
      received: [],
      isFinished: true,
      url,
    });
  });

  it("neither shows nor disturbs another user's upload in progress", async () => {
    const { app, owner, other } = await setup('meddler');
    const data = randomBytes(3000);
    const claim = { md5: md5Of(data), size: 3000, chunks: 3 };
    const started = await post(app, owner, '/api/file/big', chunk(claim, 0, data.subarray(0, 1000)));
    expect(started.json()).toMatchObject({ isFinished: false, received: [0] });

    expect((await get(app, other, `/api/file/big/${claim.md5}`)).json()).toEqual({
      received: [],
      isFinished: false,
    });
    // A chunk of the wrong length would discard an upload it belonged to.
    const wrong = await post(app, other, '/api/file/big', chunk(claim, 1, Buffer.alloc(10)));
    expect(wrong.statusCode).toBe(400);
    // Chunks of made-up bytes would make the owner's upload fail its md5 check.
    for (const index of [1, 2]) {
      await post(app, other, '/api/file/big', chunk(claim, index, Buffer.alloc(1000)));
    }

    expect((await get(app, owner, `/api/file/big/${claim.md5}`)).json()).toEqual({
      received: [0],
      isFinished: false,
    });
    await post(app, owner, '/api/file/big', chunk(claim, 1, data.subarray(1000, 2000)));
    const done = await post(app, owner, '/api/file/big', chunk(claim, 2, data.subarray(2000)));
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ isFinished: true, received: [0, 1, 2] });
    const downloaded = await get(app, owner, done.json().url);
    expect(downloaded.rawPayload.equals(data)).toBe(true);
  });
});
