import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { apiClient } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

describeEachDatabase('download links ($name)', (db) => {
  const apps = useTestApps(db);
  let n = 0;

  it('serves a generated file to the user who made it only, even to someone holding its URL', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await apps.build({ logger: { level: 'info', stream } });
    n += 1;
    await createUser(app, {
      username: `peer${n}`,
      password: 'Peer-pass-1',
      roles: { [`ROLE_PEER${n}`]: 'metadata:read' },
    });
    const admin = apiClient(app, (await login(app)).cookie);
    const peer = apiClient(app, (await login(app, `peer${n}`, 'Peer-pass-1')).cookie);
    const tables = (await admin.get('/api/metadata/tables?limit=1')).json();
    const ids = (Array.isArray(tables) ? tables : (tables.content ?? tables.data ?? [])).map(
      (t: { id: number }) => t.id,
    );
    const exported = await admin.post('/api/metadata/tables/export', ids);
    expect(exported.statusCode, exported.body).toBe(201);
    const url = exported.body;

    const stolen = await peer.get(`${url}?token=secret-query`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().code).toBe('NOT_FOUND');
    expect((await admin.get(url)).statusCode).toBe(200);

    const name = url.slice('/download/'.length);
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).not.toContain(name);
    expect(log).not.toContain('secret-query');
  });
});
