import { expect, it } from 'vitest';
import type { App } from '../../../src/app';
import { createTable } from '../../helpers/business-tables';
import { createHistoryTables, storedRevisions } from '../../helpers/history-tables';
import { SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { multipartBody } from '../../helpers/multipart';
import { useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

/** Uploads `text` as a file and answers the URL an ATTACHMENT column stores. */
const upload = async (app: App, cookie: string, name: string, text: string): Promise<string> => {
  const body = multipartBody([{ name: 'file', filename: name, value: Buffer.from(text) }]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/file',
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { url } = response.json() as { url: string };
  expect(url).toMatch(/^\/download\/files\/[0-9a-f]{32}\.pdf$/);
  return url;
};

describeEachDatabase('record history: attachment columns ($name)', (db) => {
  const apps = useTestApps(db);

  it('keeps the attachment URLs, old and new, and a restore sets the older file back', async () => {
    const { app, knex, admin, cookie } = await createHistoryTables(apps);
    await createTable(admin, {
      name: 'contract',
      columns: [...SYSTEM_COLUMNS, { name: 'scan', caption: '扫描件', dataType: 'ATTACHMENT' }],
    });
    // The bytes of each file carry a marker that must never reach a revision.
    const first = await upload(app, cookie, '合同-初稿.pdf', 'FIRST-FILE-BYTES');
    const second = await upload(app, cookie, '合同-终稿.pdf', 'SECOND-FILE-BYTES');
    expect(second).not.toBe(first);

    const created = await admin.post('/api/business/contract', { name: '租赁合同', scan: first });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json() as number;
    const updated = await admin.patch(`/api/business/contract/${id}`, { scan: second });
    expect(updated.statusCode, updated.body).toBe(200);

    // Stored: the URL as the record holds it, old → new; never the file's bytes.
    const stored = (await storedRevisions(knex)).filter((revision) => revision.tableName === 'contract');
    expect(stored.map((revision) => revision.action)).toEqual(['create', 'update']);
    expect(stored[0]?.changes).toContainEqual({ column: 'scan', new: first });
    expect(stored[1]?.changes).toEqual([{ column: 'scan', old: first, new: second }]);
    expect(JSON.stringify(stored)).not.toMatch(/FILE-BYTES/);

    // The history API answers the same URLs.
    const history = await admin.get(`/api/business/contract/${id}/history`);
    expect(history.statusCode, history.body).toBe(200);
    const revisions = history.json() as { id: number; action: string; changes: unknown[] }[];
    expect(revisions.map((revision) => revision.action)).toEqual(['update', 'create']);
    expect(revisions[0]?.changes).toEqual([{ column: 'scan', old: first, new: second }]);
    expect(revisions[1]?.changes).toContainEqual({ column: 'scan', new: first });

    // Restoring the creation sets the first file's URL back, as a revision of its own.
    const restored = await admin.post(`/api/business/contract/${id}/history/${revisions[1]?.id}/restore`, {});
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.headers['x-restored-columns']).toBe('scan');
    expect(restored.json()).toMatchObject({ id, scan: first });
    expect(await knex('contract').where('id', id).first('scan')).toEqual({ scan: first });
    expect((await storedRevisions(knex)).at(-1)).toMatchObject({
      tableName: 'contract',
      action: 'update',
      channel: 'restore',
      changes: [{ column: 'scan', old: second, new: first }],
    });
    // The restored link still opens the first file.
    const download = await app.inject({ method: 'GET', url: first, headers: { cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('FIRST-FILE-BYTES');
  });
});
