import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sweepIntervalMs } from '../../src/plugins/downloads';
import { isDownloadName, newDownloadName } from '../../src/services/downloads/download-names';
import { downloadOwners } from '../../src/services/downloads/download-owners';
import { downloadStore } from '../../src/services/downloads/download-store';
import { SHARED_STATE } from '../../src/db/table-names';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

describe('download names', () => {
  it('are random UUIDs with a known extension, nothing else', () => {
    const name = newDownloadName('xlsx');
    expect(name).toMatch(/^[0-9a-f-]{36}\.xlsx$/);
    expect(newDownloadName('json')).not.toBe(newDownloadName('json'));
    expect(isDownloadName(name)).toBe(true);
    for (const bad of [
      '',
      '..',
      '../x.json',
      `${name}/`,
      name.toUpperCase(),
      name.replace('.xlsx', '.exe'),
      name.replace('.xlsx', ''),
      `${name.slice(0, -5)}.json\u0000.txt`,
      `x${name}`,
    ]) {
      expect(isDownloadName(bad), bad).toBe(false);
    }
  });

  it('are swept every tenth of their life, between 1 s and 10 min', () => {
    expect(sweepIntervalMs(3_600_000)).toBe(360_000);
    expect(sweepIntervalMs(1000)).toBe(1000);
    expect(sweepIntervalMs(30 * 86_400_000)).toBe(600_000);
  });
});

/** The super admin is the first user. */
const ADMIN_ID = 1;

describeEachDatabase('GET /download/{name} ($name)', (db) => {
  const apps = useTestApps(db);

  it('serves a generated file to a signed-in user as an attachment', async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const url = await app.downloads.create('json', '{"a":1}', ADMIN_ID);
    expect(url).toMatch(/^\/download\/[0-9a-f-]{36}\.json$/);
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"a":1}');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${url.slice(10)}"; filename*=UTF-8''${url.slice(10)}`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-length']).toBe('7');

    const sheet = await app.downloads.create('xlsx', Buffer.from([0x50, 0x4b, 3, 4]), ADMIN_ID);
    const binary = await app.inject({ method: 'GET', url: sheet, headers: { cookie } });
    expect(binary.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(binary.rawPayload).toEqual(Buffer.from([0x50, 0x4b, 3, 4]));
    expect(readdirSync(join(apps.env().dataDir, 'downloads')).sort()).toEqual(
      [url.slice(10), sheet.slice(10)].sort(),
    );
  });

  it('needs a session, even for names that do not exist', async () => {
    const app = await apps.build();
    const url = await app.downloads.create('csv', 'a,b\n', ADMIN_ID);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url, headers: { cookie: 'crudboard_session=forged' } })).statusCode,
    ).toBe(401);
    const unknown = await app.inject({ method: 'GET', url: '/download/..%2Fcrudboard.sqlite' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('UNAUTHORIZED');
  });

  it('answers 404 for unknown, foreign and path-traversing names', async () => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const dir = join(apps.env().dataDir, 'downloads');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'secret.json'), '{"secret":true}');
    writeFileSync(join(apps.env().dataDir, 'outside.json'), '{"outside":true}');
    const real = (await app.downloads.create('txt', 'hello', ADMIN_ID)).slice(10);
    const get = (path: string) =>
      app.inject({ method: 'GET', url: `/download/${path}`, headers: { cookie } });
    for (const path of [
      newDownloadName('json'),
      'secret.json',
      '..%2Foutside.json',
      '..%5Coutside.json',
      '%2E%2E%2Foutside.json',
      '%2Fetc%2Fpasswd',
      '..%2F..%2F..%2Fetc%2Fpasswd',
      real.toUpperCase(),
      `${real}%00`,
      `${real.slice(0, -4)}.json`,
      encodeURIComponent(`${real}/..`),
      'a'.repeat(500),
    ]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().code, path).toBe('NOT_FOUND');
      expect(response.body, path).not.toContain('secret');
      expect(response.body, path).not.toContain('outside');
    }
    expect((await get(real)).body).toBe('hello');
  });

  it('keeps who made a file in primary: the link outlives a restart, for its owner only', async () => {
    const first = await apps.build();
    const url = await first.downloads.create('txt', 'kept', ADMIN_ID);
    await first.close();
    const again = await apps.build();
    const { cookie } = await login(again);
    const served = await again.inject({ method: 'GET', url, headers: { cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('kept');
    const someoneElse = await again.downloads.create('txt', 'not yours', ADMIN_ID + 1000);
    expect((await again.inject({ method: 'GET', url: someoneElse, headers: { cookie } })).statusCode).toBe(
      404,
    );
    const owners = await again.dataSources.primary
      .knex(SHARED_STATE.download)
      .whereIn('name', [url.slice(10)]);
    expect(owners).toHaveLength(1);
    expect(
      await downloadOwners(again.dataSources.primary.knex).removeExpired(Date.now() + 3600_001),
    ).toBeGreaterThanOrEqual(2);
    expect((await again.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(404);
  });

  it('expires files after the configured time and deletes them', async () => {
    const app = await apps.build({}, apps.config({ downloadTtlSeconds: 60 }));
    const { cookie } = await login(app);
    const fresh = await app.downloads.create('json', '[]', ADMIN_ID);
    const old = await app.downloads.create('json', '[1]', ADMIN_ID);
    const dir = join(apps.env().dataDir, 'downloads');
    const past = new Date(Date.now() - 61_000);
    utimesSync(join(dir, old.slice(10)), past, past);
    expect((await app.inject({ method: 'GET', url: old, headers: { cookie } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: fresh, headers: { cookie } })).statusCode).toBe(200);

    const store = downloadStore(apps.env().dataDir, 60_000);
    expect(await store.removeExpired()).toBe(1);
    expect(readdirSync(dir)).toContain(fresh.slice(10));
    expect(readdirSync(dir)).not.toContain(old.slice(10));
    expect(await store.removeExpired(Date.now() + 61_000)).toBeGreaterThanOrEqual(1);
    expect(readdirSync(dir).filter(isDownloadName)).toEqual([]);
  });
});
