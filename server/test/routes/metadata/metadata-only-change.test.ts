import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { apiClient } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

const BASE = '/api/metadata/tables/metadatas';

/**
 * A SQLite file written by another program with its foreign keys off may hold rows whose parent is
 * gone. Changing metadata alone (no DDL) must not depend on every foreign key of the database
 * holding: it neither touches nor reads those tables.
 */
describeEachDatabase(
  'metadata-only changes beside rows that break a foreign key ($name)',
  (db) => {
    const apps = useTestApps(db);

    it('deletes the metadata of reversed tables and edits their captions, the tables and their rows untouched', async () => {
      const app = await apps.build();
      const { cookie } = await login(app);
      const api = apiClient(app, cookie);
      const knex = app.dataSources.primary.knex;
      const file = (knex.client.config.connection as { filename: string }).filename;
      const other = new Database(file);
      try {
        other.pragma('foreign_keys = OFF');
        other.exec(
          'CREATE TABLE "Legacy Parent" (id INTEGER PRIMARY KEY, name TEXT);' +
            ' CREATE TABLE "Legacy Child" (id INTEGER PRIMARY KEY, parentId INTEGER REFERENCES "Legacy Parent" (id), note TEXT);' +
            ` INSERT INTO "Legacy Parent" VALUES (1, 'kept');` +
            ` INSERT INTO "Legacy Child" VALUES (1, 1, 'fine'), (2, 99, 'parent gone');`,
        );
      } finally {
        other.close();
      }
      expect(await knex.raw('PRAGMA foreign_key_check')).toHaveLength(1);

      const reversed = await api.post(`${BASE}/reverse`, ['Legacy Parent', 'Legacy Child']);
      expect(reversed.statusCode, reversed.body).toBe(201);
      const [parentId, childId] = reversed.json() as number[];

      const renamed = await api.patch(`/api/metadata/tables/${String(childId)}`, { caption: '旧子表' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await api.get(`/api/metadata/tables/${String(childId)}`)).json().caption).toBe('旧子表');

      const deleted = await api.delete('/api/metadata/tables?isDropPhysicalTable=false', [parentId, childId]);
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect((await api.get('/api/metadata/tables?reverse=true&limit=1000')).json()).toEqual([]);
      const listed = (await api.get(BASE)).json() as { tableName: string }[];
      expect(listed.map((table) => table.tableName)).toEqual(
        expect.arrayContaining(['Legacy Parent', 'Legacy Child']),
      );
      expect(await knex('Legacy Child').select('id', 'parentId', 'note').orderBy('id')).toEqual([
        { id: 1, parentId: 1, note: 'fine' },
        { id: 2, parentId: 99, note: 'parent gone' },
      ]);
      expect((await knex.raw('PRAGMA foreign_keys'))[0]).toEqual({ foreign_keys: 1 });
    });
  },
  (db) => db.name === 'sqlite',
);
