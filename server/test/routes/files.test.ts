import { CONTENT_SECURITY_POLICY } from '../../src/plugins/security-headers';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { App } from '../../src/app';
import { DEFAULT_UPLOADS, type UploadConfig } from '../../src/config';
import { SYSTEM } from '../../src/db/table-names';
import { STORED_NAME } from '../../src/services/files/file-names';
import { type FormPart, multipartBody } from '../helpers/multipart';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

const md5Of = (data: Buffer) => createHash('md5').update(data).digest('hex');

interface ChunkOptions {
  /** Overrides of the text fields. */
  fields?: Partial<Record<'name' | 'md5' | 'size' | 'chunks' | 'chunk', string>>;
  /** Replaces the chunk's bytes. */
  body?: Buffer;
}

/** The multipart parts of chunk `index` of `data` cut into `chunkSize` pieces. */
const chunkParts = (
  data: Buffer,
  chunkSize: number,
  index: number,
  options: ChunkOptions = {},
): FormPart[] => {
  const chunks = Math.max(1, Math.ceil(data.length / chunkSize));
  const fields = {
    name: '大文件.bin',
    md5: md5Of(data),
    size: String(data.length),
    chunks: String(chunks),
    chunk: String(index),
    ...options.fields,
  };
  return [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    {
      name: 'file',
      filename: 'blob',
      value: options.body ?? data.subarray(index * chunkSize, (index + 1) * chunkSize),
    },
  ];
};

describeEachDatabase('files API ($name)', (db) => {
  const apps = useTestApps(db);

  const build = (uploads: Partial<UploadConfig> = {}) =>
    apps.build({}, apps.config({ uploads: { ...DEFAULT_UPLOADS, ...uploads } }));

  const filesDir = () => join(apps.env().dataDir, 'files');
  const storedNames = async () => (await readdir(filesDir())).filter((name) => STORED_NAME.test(name)).sort();
  const incoming = async () => readdir(join(filesDir(), 'incoming'));
  /** Where a partial upload lives: its md5 and its user (the super admin, the first user, unless told). */
  const partialDir = (md5: string, userId = 1) => join(filesDir(), 'partial', `${md5}-${userId}`);
  const rowsOf = (app: App, md5: string) => app.dataSources.primary.knex(SYSTEM.file).where({ md5 });

  const post = (app: App, cookie: string, url: string, parts: FormPart[]) => {
    const body = multipartBody(parts);
    return app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, cookie } });
  };
  const download = (app: App, cookie: string, url: string) =>
    app.inject({ method: 'GET', url, headers: { cookie } });

  it('stores a small upload under a random name and serves the same bytes back', async () => {
    const app = await build();
    const { cookie } = await login(app);
    const data = randomBytes(5000);
    const response = await post(app, cookie, '/api/file', [
      { name: 'file', filename: '季度报表 v2.xlsx', value: data },
    ]);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ size: 5000, name: '季度报表 v2.xlsx', url: expect.any(String) });
    expect(body.url).toMatch(/^\/download\/files\/[0-9a-f]{32}\.xlsx$/);
    const fileName = body.url.slice('/download/files/'.length);
    expect(await readFile(join(filesDir(), fileName))).toEqual(data);
    expect(await incoming()).toEqual([]);

    const rows = await rowsOf(app, md5Of(data));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: '季度报表 v2.xlsx', fileName, url: body.url, md5: md5Of(data) });
    expect(Number(rows[0].size)).toBe(5000);
    expect(Number(rows[0].ownerId)).toBeGreaterThan(0);

    const served = await download(app, cookie, body.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(data);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-length']).toBe('5000');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="____ v2.xlsx"; filename*=UTF-8''${encodeURIComponent('季度报表 v2.xlsx')}`,
    );
    // A download gets the app's own policy; only inline files are sandboxed.
    expect(served.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('serves images and PDF inline in a sandbox, and never HTML or SVG', async () => {
    const app = await build();
    const { cookie } = await login(app);
    const cases = [
      { filename: 'photo.PNG', type: 'image/png', inline: true, extension: '.png' },
      { filename: 'doc.pdf', type: 'application/pdf', inline: true, extension: '.pdf' },
      { filename: 'page.html', type: 'application/octet-stream', inline: false, extension: '.html' },
      { filename: 'logo.svg', type: 'application/octet-stream', inline: false, extension: '.svg' },
      { filename: '../../etc/passwd', type: 'application/octet-stream', inline: false, extension: '' },
      { filename: 'x.tar.gz\u202e', type: 'application/octet-stream', inline: false, extension: '.gz' },
    ];
    for (const item of cases) {
      const response = await post(app, cookie, '/api/file', [
        { name: 'file', filename: item.filename, value: randomBytes(64) },
      ]);
      expect(response.statusCode).toBe(201);
      const { url, name } = response.json();
      expect(url).toMatch(new RegExp(`^/download/files/[0-9a-f]{32}${item.extension.replace('.', '\\.')}$`));
      expect(name).not.toMatch(/[/\\\u202e]/);
      const served = await download(app, cookie, url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(item.type);
      expect(served.headers['content-disposition']).toMatch(item.inline ? /^inline;/ : /^attachment;/);
      expect(served.headers['content-security-policy']).toBe(
        item.inline ? 'sandbox' : CONTENT_SECURITY_POLICY,
      );
    }
  });

  it('names a stored file by its original name for any signed-in user, and 404s what it does not hold', async () => {
    const app = await build();
    const { cookie } = await login(app);
    const uploaded = await post(app, cookie, '/api/file', [
      { name: 'file', filename: '借阅合同 2026.pdf', value: 'pdf bytes' },
    ]);
    const url: string = uploaded.json().url;
    const storedName = url.slice('/download/files/'.length);
    await createUser(app, {
      username: 'clerk',
      password: 'Clerk-pass-1',
      roles: { CLERK: 'business:*:read' },
    });
    const clerk = await login(app, 'clerk', 'Clerk-pass-1');
    const info = await download(app, clerk.cookie, `/api/file/stored/${storedName}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ name: '借阅合同 2026.pdf', size: 9, url });

    expect((await download(app, '', `/api/file/stored/${storedName}`)).statusCode).toBe(401);
    for (const name of [`${'0'.repeat(32)}.pdf`, '..%2F..%2Fpasswd', 'x'.repeat(300), 'a.pdf']) {
      const missing = await download(app, clerk.cookie, `/api/file/stored/${name}`);
      expect([404, 400]).toContain(missing.statusCode);
      expect(missing.json().message).toBeTruthy();
    }
  });

  it('answers 401 without a session and 403 without file:upload, storing nothing', async () => {
    const app = await build();
    const { cookie } = await login(app);
    const stored = await post(app, cookie, '/api/file', [
      { name: 'file', filename: 'a.txt', value: 'hello' },
    ]);
    const url: string = stored.json().url;
    const before = await storedNames();
    const data = randomBytes(100);

    for (const [url_, parts] of [
      ['/api/file', [{ name: 'file', filename: 'a.txt', value: data }]],
      ['/api/file/big', chunkParts(data, 100, 0)],
    ] as const) {
      const anonymous = await post(app, '', url_, [...parts]);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe('UNAUTHORIZED');
    }
    expect((await download(app, '', url)).statusCode).toBe(401);
    const status = await download(app, '', `/api/file/big/${md5Of(data)}`);
    expect(status.statusCode).toBe(401);

    await createUser(app, {
      username: 'viewer',
      password: 'Viewer-pass-1',
      roles: { VIEWER: 'business:*:read' },
    });
    const viewer = await login(app, 'viewer', 'Viewer-pass-1');
    const forbidden = await post(app, viewer.cookie, '/api/file', [
      { name: 'file', filename: 'a.txt', value: data },
    ]);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    expect((await post(app, viewer.cookie, '/api/file/big', chunkParts(data, 100, 0))).statusCode).toBe(403);
    expect((await download(app, viewer.cookie, `/api/file/big/${md5Of(data)}`)).statusCode).toBe(403);
    // Downloads only need a session.
    const served = await download(app, viewer.cookie, url);
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('hello');

    await createUser(app, {
      username: 'uploader',
      password: 'Uploader-pass-1',
      roles: { UPLOADER: 'file:upload' },
    });
    const uploader = await login(app, 'uploader', 'Uploader-pass-1');
    expect(await storedNames()).toEqual(before);
    expect(await rowsOf(app, md5Of(data))).toHaveLength(0);
    const allowed = await post(app, uploader.cookie, '/api/file', [
      { name: 'file', filename: 'a.txt', value: data },
    ]);
    expect(allowed.statusCode).toBe(201);
  });

  it('refuses traversal and unknown download names with 404', async () => {
    const app = await build();
    const { cookie } = await login(app);
    const stored = await post(app, cookie, '/api/file', [{ name: 'file', filename: 'a.txt', value: 'x' }]);
    const fileName: string = stored.json().url.split('/').pop();
    // On disk under a valid-looking name, but not a stored file.
    const unrecorded = `${'a'.repeat(32)}.txt`;
    await writeFile(join(filesDir(), unrecorded), 'secret');
    for (const url of [
      '/download/files/..%2f..%2fetc%2fpasswd',
      '/download/files/../../etc/passwd',
      '/download/files/%2e%2e',
      '/download/files/..',
      '/download/files/partial',
      '/download/files/incoming',
      '/download/files/%00',
      `/download/files/${fileName.toUpperCase()}`,
      `/download/files/${fileName}%00.png`,
      `/download/files/${fileName}/`,
      `/download/files/${'0'.repeat(32)}.txt`,
      `/download/files/${unrecorded}`,
      '/download/files/',
    ]) {
      const response = await download(app, cookie, url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).toBe('NOT_FOUND');
    }
  });

  it('answers 413 over the limits and keeps nothing', async () => {
    const app = await build({ maxFileSize: 1000, maxChunkSize: 500, maxBigFileSize: 4000 });
    const { cookie } = await login(app);
    const before = await storedNames();

    const big = await post(app, cookie, '/api/file', [
      { name: 'file', filename: 'a.bin', value: randomBytes(1001) },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: '文件不能超过 1000 B' });
    const en = await app.inject({
      method: 'POST',
      url: '/api/file',
      ...(() => {
        const body = multipartBody([{ name: 'file', filename: 'a.bin', value: randomBytes(1001) }]);
        return { payload: body.payload, headers: { ...body.headers, cookie, 'accept-language': 'en' } };
      })(),
    });
    expect(en.json().message).toBe('the file must not be larger than 1000 B');
    const exact = await post(app, cookie, '/api/file', [
      { name: 'file', filename: 'a.bin', value: randomBytes(1000) },
    ]);
    expect(exact.statusCode).toBe(201);

    const data = randomBytes(1500);
    const chunk = await post(
      app,
      cookie,
      '/api/file/big',
      chunkParts(data, 500, 0, { body: randomBytes(750) }),
    );
    expect(chunk.statusCode).toBe(413);
    expect(chunk.json().message).toBe('分片不能超过 500 B');
    expect(existsSync(partialDir(md5Of(data)))).toBe(false);

    const huge = randomBytes(100);
    const tooBig = await post(
      app,
      cookie,
      '/api/file/big',
      chunkParts(huge, 100, 0, { fields: { size: '4001', chunks: '9' } }),
    );
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('大文件不能超过 3.9 KB');
    expect(existsSync(partialDir(md5Of(huge)))).toBe(false);

    expect(await storedNames()).toHaveLength(before.length + 1);
    expect(await incoming()).toEqual([]);
  });

  it('accepts chunks larger than the global body limit', async () => {
    const app = await build();
    const { cookie } = await login(app);
    const data = randomBytes(12 * 1024 * 1024);
    const chunkSize = 6 * 1024 * 1024;
    const first = await post(app, cookie, '/api/file/big', chunkParts(data, chunkSize, 0));
    expect(first.statusCode).toBe(201);
    const last = await post(app, cookie, '/api/file/big', chunkParts(data, chunkSize, 1));
    expect(last.json()).toMatchObject({ isFinished: true, size: data.length, received: [0, 1] });
    const plain = await post(app, cookie, '/api/file', [
      { name: 'file', filename: 'six.bin', value: data.subarray(0, chunkSize) },
    ]);
    expect(plain.statusCode).toBe(201);
    expect((await download(app, cookie, last.json().url)).rawPayload.equals(data)).toBe(true);
  });

  it('answers 400 for missing files, missing fields and malformed bodies', async () => {
    const app = await build();
    const { cookie } = await login(app);
    const before = await storedNames();

    const noFile = await post(app, cookie, '/api/file', [{ name: 'other', value: 'x' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: { file: '请选择文件！' } });
    const fileAsField = await post(app, cookie, '/api/file', [{ name: 'file', value: 'not a file part' }]);
    expect(fileAsField.statusCode).toBe(400);
    const wrongName = await post(app, cookie, '/api/file', [
      { name: 'upload', filename: 'a.txt', value: 'x' },
    ]);
    expect(wrongName.statusCode).toBe(400);
    const twoFiles = await post(app, cookie, '/api/file', [
      { name: 'file', filename: 'a.txt', value: 'a' },
      { name: 'file', filename: 'b.txt', value: 'b' },
    ]);
    expect(twoFiles.statusCode).toBe(400);
    expect(twoFiles.json().code).toBe('VALIDATION_ERROR');

    const json = await app.inject({
      method: 'POST',
      url: '/api/file',
      payload: { file: 'x' },
      headers: { cookie },
    });
    // Uploads take multipart only.
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');

    for (const [contentType, payload] of [
      ['multipart/form-data; boundary=xyz', 'garbage'],
      ['multipart/form-data', '--xyz\r\n\r\n'],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\ntruncated',
      ],
    ] as const) {
      for (const url of ['/api/file', '/api/file/big']) {
        const response = await app.inject({
          method: 'POST',
          url,
          payload,
          headers: { cookie, 'content-type': contentType },
        });
        expect(response.statusCode, `${url} ${payload}`).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
    }

    const data = randomBytes(300);
    const missing = await post(app, cookie, '/api/file/big', [
      { name: 'md5', value: md5Of(data) },
      { name: 'file', filename: 'blob', value: data },
    ]);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['chunk', 'chunks', 'name', 'size']);
    const noChunk = await post(app, cookie, '/api/file/big', chunkParts(data, 300, 0).slice(0, 5));
    expect(noChunk.statusCode).toBe(400);
    expect(noChunk.json().errors).toEqual({ file: '请选择文件！' });

    expect(await storedNames()).toEqual(before);
    expect(await incoming()).toEqual([]);
    expect(existsSync(partialDir(md5Of(data)))).toBe(false);
  });

  it('checks the chunk fields and their consistency without touching stored state', async () => {
    const app = await build({ maxChunks: 100, maxChunkSize: 300 });
    const { cookie } = await login(app);
    const data = randomBytes(1000);
    const md5 = md5Of(data);
    const bad = async (options: ChunkOptions, field: string, index = 0) => {
      const response = await post(app, cookie, '/api/file/big', chunkParts(data, 250, index, options));
      expect(response.statusCode, JSON.stringify(options.fields)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      expect(response.json().errors, JSON.stringify(options.fields)).toHaveProperty(field);
    };
    await bad({ fields: { md5: '../../../../tmp/x' } }, 'md5');
    await bad({ fields: { md5: 'a/b' } }, 'md5');
    await bad({ fields: { md5: 'z'.repeat(32) } }, 'md5');
    await bad({ fields: { chunks: '0' } }, 'chunks');
    await bad({ fields: { chunks: '101' } }, 'chunks');
    await bad({ fields: { chunks: '3' } }, 'chunks');
    await bad({ fields: { size: '3' } }, 'chunks');
    await bad({ fields: { chunk: '4' } }, 'chunk');
    await bad({ fields: { chunk: '-1' } }, 'chunk');
    await bad({ fields: { chunk: '1.5' } }, 'chunk');
    await bad({ fields: { size: '-5' } }, 'size');
    await bad({ fields: { size: 'abc' } }, 'size');
    await bad({ fields: { name: '  ' } }, 'name');
    expect(existsSync(partialDir(md5))).toBe(false);
    expect(await readdir(join(filesDir(), 'partial'))).not.toContain('..');

    const first = await post(app, cookie, '/api/file/big', chunkParts(data, 250, 0));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ size: 1000, name: '大文件.bin', isFinished: false, received: [0] });
    await bad({ fields: { size: '999' } }, 'size', 1);
    await bad({ fields: { chunks: '5' } }, 'chunks', 1);
    await bad({ fields: { name: 'other.bin' } }, 'name', 1);
    for (const index of [1, 2]) {
      expect((await post(app, cookie, '/api/file/big', chunkParts(data, 250, index))).statusCode).toBe(201);
    }
    await bad({ body: randomBytes(300) }, 'file', 3);
    const status = await download(app, cookie, `/api/file/big/${md5}`);
    expect(status.json()).toEqual({ received: [0, 1, 2], isFinished: false });
    expect((await download(app, cookie, '/api/file/big/not-an-md5')).statusCode).toBe(400);
    expect(await incoming()).toEqual([]);
  });

  it('assembles chunks sent out of order and repeated, and resumes from what the server reports', async () => {
    const app = await build();
    const { cookie } = await login(app);
    const data = randomBytes(10_000);
    const md5 = md5Of(data);
    const send = (index: number) => post(app, cookie, '/api/file/big', chunkParts(data, 3000, index));

    expect((await download(app, cookie, `/api/file/big/${md5}`)).json()).toEqual({
      received: [],
      isFinished: false,
    });
    expect((await send(3)).json()).toMatchObject({ isFinished: false, received: [3] });
    expect((await send(1)).json()).toMatchObject({ isFinished: false, received: [1, 3] });
    const repeated = await send(1);
    expect(repeated.statusCode).toBe(201);
    expect(repeated.json()).toMatchObject({ isFinished: false, received: [1, 3] });

    const resume = await download(app, cookie, `/api/file/big/${md5.toUpperCase()}`);
    expect(resume.json()).toEqual({ received: [1, 3], isFinished: false });
    expect((await send(0)).json()).toMatchObject({ isFinished: false, received: [0, 1, 3] });
    const last = await send(2);
    expect(last.statusCode).toBe(201);
    const body = last.json();
    expect(body).toEqual({
      size: 10_000,
      name: '大文件.bin',
      url: expect.stringMatching(/^\/download\/files\/[0-9a-f]{32}\.bin$/),
      isFinished: true,
      received: [0, 1, 2, 3],
    });
    expect((await download(app, cookie, body.url)).rawPayload.equals(data)).toBe(true);
    expect(existsSync(partialDir(md5))).toBe(false);
    expect(await rowsOf(app, md5)).toHaveLength(1);
    expect((await download(app, cookie, `/api/file/big/${md5}`)).json()).toEqual({
      received: [],
      isFinished: true,
      url: body.url,
    });
    // A late repeat of a chunk finds the file stored.
    expect((await send(1)).json()).toMatchObject({ isFinished: true, url: body.url });
    expect(await rowsOf(app, md5)).toHaveLength(1);
  });

  it('assembles exactly once when chunks arrive in parallel', async () => {
    const app = await build();
    const { cookie } = await login(app);
    const data = randomBytes(64 * 1024 + 17);
    const md5 = md5Of(data);
    const chunkSize = 8 * 1024;
    const chunks = Math.ceil(data.length / chunkSize);
    const indexes = [...Array.from({ length: chunks }, (_, i) => chunks - 1 - i), 0, 4, chunks - 1];
    const responses = await Promise.all(
      indexes.map((index) => post(app, cookie, '/api/file/big', chunkParts(data, chunkSize, index))),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(indexes.map(() => 201));
    const finishedUrls = new Set(responses.filter((r) => r.json().isFinished).map((r) => r.json().url));
    expect(finishedUrls.size).toBe(1);
    const [url] = [...finishedUrls] as [string];
    expect(await rowsOf(app, md5)).toHaveLength(1);
    expect((await download(app, cookie, url)).rawPayload.equals(data)).toBe(true);
    const names = await storedNames();
    expect(names.filter((name) => url.endsWith(name))).toHaveLength(1);
    expect(existsSync(partialDir(md5))).toBe(false);
    expect(await incoming()).toEqual([]);
  });

  it('discards everything when the assembled file does not match its md5', async () => {
    const app = await build();
    const { cookie } = await login(app);
    const data = randomBytes(2000);
    const claimed = md5Of(randomBytes(16));
    const before = await storedNames();
    const send = (index: number) =>
      post(app, cookie, '/api/file/big', chunkParts(data, 1000, index, { fields: { md5: claimed } }));
    expect((await send(1)).statusCode).toBe(201);
    expect(existsSync(partialDir(claimed))).toBe(true);
    const last = await send(0);
    expect(last.statusCode).toBe(400);
    expect(last.json()).toMatchObject({ code: 'MD5_MISMATCH', message: '文件校验失败（MD5 不一致）' });
    expect(existsSync(partialDir(claimed))).toBe(false);
    expect(await storedNames()).toEqual(before);
    expect(await incoming()).toEqual([]);
    expect(await rowsOf(app, claimed)).toHaveLength(0);
    expect((await download(app, cookie, `/api/file/big/${claimed}`)).json()).toEqual({
      received: [],
      isFinished: false,
    });

    // Chunks that add up to less than the declared size are discarded too.
    const short = randomBytes(1500);
    const declared = { size: '2000', chunks: '2' };
    const a = await post(app, cookie, '/api/file/big', [...chunkParts(short, 1000, 0, { fields: declared })]);
    expect(a.statusCode).toBe(201);
    const b = await post(app, cookie, '/api/file/big', chunkParts(short, 1000, 1, { fields: declared }));
    expect(b.statusCode).toBe(400);
    expect(b.json().errors).toHaveProperty('size');
    expect(existsSync(partialDir(md5Of(short)))).toBe(false);
    expect(await storedNames()).toEqual(before);
    expect(await incoming()).toEqual([]);
  });

  it('finishes at once when a file with the same md5 is stored (instant upload)', async () => {
    const app = await build();
    const { cookie } = await login(app);
    const data = randomBytes(4096);
    const stored = await post(app, cookie, '/api/file', [
      { name: 'file', filename: 'first.bin', value: data },
    ]);
    const before = await storedNames();
    const instant = await post(app, cookie, '/api/file/big', chunkParts(data, 1024, 0));
    expect(instant.statusCode).toBe(201);
    expect(instant.json()).toEqual({
      size: 4096,
      name: 'first.bin',
      url: stored.json().url,
      isFinished: true,
      received: [0, 1, 2, 3],
    });
    expect(await storedNames()).toEqual(before);
    expect(await rowsOf(app, md5Of(data))).toHaveLength(1);
    expect(existsSync(partialDir(md5Of(data)))).toBe(false);
    expect(await incoming()).toEqual([]);

    // A row whose bytes are gone is no copy to reuse: the upload goes on as usual.
    await rm(join(filesDir(), stored.json().url.split('/').pop()));
    const again = await post(app, cookie, '/api/file/big', chunkParts(data, 1024, 0));
    expect(again.json()).toMatchObject({ isFinished: false, received: [0] });
    expect((await download(app, cookie, `/api/file/big/${md5Of(data)}`)).json()).toEqual({
      received: [0],
      isFinished: false,
    });
  });

  it('deletes partial uploads that received no chunk for the configured time', async () => {
    const app = await build({ partialTtlSeconds: 1 });
    const { cookie } = await login(app);
    const old = randomBytes(2000);
    const fresh = randomBytes(2000);
    expect((await post(app, cookie, '/api/file/big', chunkParts(old, 1000, 0))).statusCode).toBe(201);
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(partialDir(md5Of(old)), hourAgo, hourAgo);
    const deadline = Date.now() + 5000;
    while (existsSync(partialDir(md5Of(old))) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(existsSync(partialDir(md5Of(old)))).toBe(false);
    expect((await download(app, cookie, `/api/file/big/${md5Of(old)}`)).json()).toEqual({
      received: [],
      isFinished: false,
    });
    expect((await post(app, cookie, '/api/file/big', chunkParts(fresh, 1000, 0))).json()).toMatchObject({
      received: [0],
    });
    expect(existsSync(partialDir(md5Of(fresh)))).toBe(true);
  });
});
