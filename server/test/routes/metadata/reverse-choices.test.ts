import { expect, it } from 'vitest';
import { enumMembersOf } from '../../../src/dialects/introspection/introspection';
import { apiClient } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';

interface ReversedColumn {
  name: string;
  dataType: string;
  length: number | null;
  multipleValue: boolean;
  options: { value: string }[] | null;
  insertable: boolean;
  updatable: boolean;
}

const reverse = async (app: Awaited<ReturnType<ReturnType<typeof useTestApps>['build']>>, table: string) => {
  const api = apiClient(app, (await login(app)).cookie);
  const reversed = await api.post(`/api/metadata/tables/metadatas/reverse/${table}`, {});
  expect(reversed.statusCode, reversed.body).toBe(201);
  const stored = (await api.get(`/api/metadata/tables/name/${table}`)).json() as {
    columns: ReversedColumn[];
  };
  const column = (name: string) => stored.columns.find((one) => one.name === name) as ReversedColumn;
  return { api, column };
};

it('reads the members of a MySQL ENUM or SET column type', () => {
  expect(enumMembersOf("enum('shop','farm')")).toEqual({ values: ['shop', 'farm'], multiple: false });
  expect(enumMembersOf("set('a','it''s','b,c')")).toEqual({ values: ['a', "it's", 'b,c'], multiple: true });
  expect(enumMembersOf('varchar(20)')).toBeUndefined();
});

describeEachDatabase(
  'reversing MySQL / MariaDB ENUM and SET columns as choice columns ($name)',
  (db) => {
    const apps = useTestApps(db);

    it('gives them their members as options (SET: multiple) and keeps writes within them', async () => {
      const app = await apps.build();
      const knex = app.dataSources.primary.knex;
      await knex.raw(`CREATE TABLE novel (
        id INT AUTO_INCREMENT PRIMARY KEY,
        title VARCHAR(50) NOT NULL,
        genre ENUM('classic', 'scifi', 'poetry') NULL,
        marks SET('hot', 'new', 'signed') NULL
      )`);
      await knex.raw(`INSERT INTO novel (title, genre, marks) VALUES ('Dune', 'scifi', 'hot,signed')`);
      const { api, column } = await reverse(app, 'novel');
      expect(column('genre')).toMatchObject({
        dataType: 'VARCHAR',
        multipleValue: false,
        options: [{ value: 'classic' }, { value: 'scifi' }, { value: 'poetry' }],
        updatable: true,
      });
      expect(column('marks')).toMatchObject({
        multipleValue: true,
        options: [{ value: 'hot' }, { value: 'new' }, { value: 'signed' }],
      });
      expect(column('title').options).toBeNull();

      const created = await api.post('/api/business/novel', {
        title: 'Odes',
        genre: 'poetry',
        marks: ['new', 'hot'],
      });
      expect(created.statusCode, created.body).toBe(201);
      expect((await api.get(`/api/business/novel/${created.body}`)).json()).toMatchObject({
        genre: 'poetry',
        marks: 'hot,new',
      });
      const refused = await api.patch('/api/business/novel/1', { genre: 'cooking' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors.genre).toContain('classic, scifi, poetry');
      const found = (await api.get('/api/business/novel?marks=signed')).json() as { title: string }[];
      expect(found.map((row) => row.title)).toEqual(['Dune']);
      expect(await knex('novel').where('id', 1).first()).toMatchObject({
        genre: 'scifi',
        marks: 'hot,signed',
      });
      // MySQL sorts an ENUM by its members' declared order, and pinyin order leaves it so.
      for (const query of ['orderby=genre', 'orderby=genre&collation=pinyin']) {
        const sorted = (await api.get(`/api/business/novel?${query}`)).json() as { genre: string }[];
        expect(sorted.map((row) => row.genre)).toEqual(['scifi', 'poetry']);
      }
    });
  },
  (db) => db.name === 'mysql',
);

describeEachDatabase(
  'reversing a PostgreSQL enum-typed column as a choice column ($name)',
  (db) => {
    const apps = useTestApps(db);

    it('gives it the enum labels as options and writes them through the enum type', async () => {
      const app = await apps.build();
      const knex = app.dataSources.primary.knex;
      await knex.raw(`CREATE TYPE novel_genre AS ENUM ('classic', 'scifi', 'poetry')`);
      await knex.raw(`CREATE TABLE novel (
        id serial PRIMARY KEY,
        title varchar(50) NOT NULL,
        genre novel_genre DEFAULT 'classic'
      )`);
      await knex.raw(`INSERT INTO novel (title, genre) VALUES ('Dune', 'scifi')`);
      const { api, column } = await reverse(app, 'novel');
      expect(column('genre')).toMatchObject({
        dataType: 'VARCHAR',
        multipleValue: false,
        options: [{ value: 'classic' }, { value: 'scifi' }, { value: 'poetry' }],
        insertable: true,
        updatable: true,
      });

      const created = await api.post('/api/business/novel', { title: 'Odes', genre: 'poetry' });
      expect(created.statusCode, created.body).toBe(201);
      const updated = await api.patch('/api/business/novel/1', { genre: 'classic' });
      expect(updated.statusCode, updated.body).toBe(200);
      const refused = await api.patch('/api/business/novel/1', { genre: 'cooking' });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().errors)).toEqual(['genre']);
      const rows = await knex('novel').select('title', 'genre').orderBy('id');
      expect(rows).toEqual([
        { title: 'Dune', genre: 'classic' },
        { title: 'Odes', genre: 'poetry' },
      ]);
      const found = (await api.get('/api/business/novel?genre=poetry,scifi')).json() as { title: string }[];
      expect(found.map((row) => row.title)).toEqual(['Odes']);
      // Sorted by the enum's declared order (classic, scifi, poetry), not by the labels' text.
      expect((await api.post('/api/business/novel', { title: 'Solaris', genre: 'scifi' })).statusCode).toBe(
        201,
      );
      const titles = async (query: string) => {
        const response = await api.get(`/api/business/novel?${query}`);
        expect(response.statusCode, response.body).toBe(200);
        return (response.json() as { title: string }[]).map((row) => row.title);
      };
      expect(await titles('orderby=genre%20ASC')).toEqual(['Dune', 'Solaris', 'Odes']);
      expect(await titles('orderby=genre%20DESC')).toEqual(['Odes', 'Solaris', 'Dune']);
      expect(await titles('orderby=genre,title%20DESC&collation=pinyin&offset=1&limit=1')).toEqual([
        'Solaris',
      ]);
      expect(await titles('orderby=genre&genre=NE%20classic')).toEqual(['Solaris', 'Odes']);
    });
  },
  (db) => db.name === 'pg',
);
