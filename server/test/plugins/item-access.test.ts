import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY_LIMITS } from '../../src/config';
import { defineServerExtension, records, Type } from '../../src/extensions/sdk';
import itemAccess from '../../src/plugins/item-access';
import { createTable } from '../helpers/business-tables';
import { apiClient, SYSTEM_COLUMNS } from '../helpers/metadata-api';
import { clearTables } from '../helpers/physical-schema';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';
import { createUser } from '../helpers/users';

/** Extension routes opening their table with `config.item`: a fixed one and one named by `:table`. */
const probe = defineServerExtension({
  name: 'probe',
  routes: async (app) => {
    app.get(
      '/notes/size',
      { config: { item: { action: 'read', table: 'note' } }, schema: { response: { 200: Type.Integer() } } },
      async (request) => (await records(request).list({ limit: 100 })).length,
    );
    app.post(
      '/:table/size',
      {
        config: { item: { action: 'read' } },
        schema: { params: Type.Object({ table: Type.String() }), response: { 200: Type.Integer() } },
      },
      async (request) => (await records(request).list({ limit: 100 })).length,
    );
  },
});

describeEachDatabase('item access plugin ($name)', (db) => {
  const apps = useTestApps(db);

  /** One read at a time per user and none waiting: a place kept by mistake refuses the next read (429). */
  const setup = async () => {
    const app = await apps.build(
      { extensions: [probe] },
      apps.config({ queries: { ...DEFAULT_QUERY_LIMITS, maxPerUser: 1, maxWaitingPerUser: 0 } }),
    );
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    await knex('cb_user').where('username', 'reader').delete();
    await knex('cb_role').where('code', 'ROLE_NOTE_READER').delete();
    const admin = apiClient(app, (await login(app)).cookie);
    await createTable(admin, { name: 'note', caption: '笔记', columns: SYSTEM_COLUMNS });
    await createTable(admin, { name: 'secret', caption: '机密', columns: SYSTEM_COLUMNS });
    expect((await admin.post('/api/business/note', { name: 'a' })).statusCode).toBe(201);
    await createUser(app, {
      username: 'reader',
      password: 'Reader-pass-1',
      roles: { ROLE_NOTE_READER: 'business:note:read' },
    });
    const reader = apiClient(app, (await login(app, 'reader', 'Reader-pass-1')).cookie);
    return { admin, reader };
  };

  it('gives a read’s place in the line back when it is refused or fails', async () => {
    const { reader } = await setup();
    // Refused while opening the table: unknown table, no permission.
    expect((await reader.get('/api/business/nosuch')).statusCode).toBe(404);
    expect((await reader.get('/api/business/secret/count')).statusCode).toBe(403);
    // Failing in the handler: a bad filter, a bad key.
    const badFilter = await reader.get('/api/business/note?filter=%7Bnot-json');
    expect(badFilter.statusCode, badFilter.body).toBe(400);
    expect((await reader.get('/api/business/note/999999')).statusCode).toBe(404);
    // Not refused by the line: every place was given back.
    for (let i = 0; i < 3; i += 1) {
      const count = await reader.get('/api/business/note/count');
      expect(count.statusCode, count.body).toBe(200);
      expect(count.json()).toBe(1);
    }
  });

  it('opens the table of an extension route before its handler, with the caller’s rights', async () => {
    const { admin, reader } = await setup();
    expect((await reader.get('/api/ext/probe/notes/size')).json()).toBe(1);
    expect((await reader.post('/api/ext/probe/note/size', {})).json()).toBe(1);
    const forbidden = await reader.post('/api/ext/probe/secret/size', {});
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    expect((await admin.post('/api/ext/probe/nosuch/size', {})).statusCode).toBe(404);
    expect((await admin.post('/api/ext/probe/secret/size', {})).json()).toBe(0);
    // And the reads of extension routes take their place in the line, then give it back.
    expect((await reader.get('/api/ext/probe/notes/size')).statusCode).toBe(200);
    expect((await reader.get('/api/business/note/count')).statusCode).toBe(200);
  });
});

describe('item access plugin: declaration', () => {
  it('refuses at start a route with config.item but no table to open', async () => {
    const app = Fastify();
    await app.register(itemAccess);
    expect(() => app.get('/x', { config: { item: { action: 'read' } } }, async () => 'never')).toThrow(
      /GET \/x: config\.item needs a :table parameter/,
    );
    await app.close();
  });
});
