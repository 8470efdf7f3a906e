import type { Knex } from 'knex';
import { beforeAll, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

const BASE = '/api/business/place';
const EMOJI = '😀';

interface Place {
  id: number;
  label: string;
}

/**
 * A MySQL / MariaDB table reversed as users have them: a point and a geometry, a latin1 column, an
 * ENUM and a SET. Whatever a user sends to it answers 200 or 400 with a message, never 500, and a
 * refused write changes nothing.
 */
describeEachDatabase(
  'spatial, latin1, ENUM and SET columns of a reversed MySQL table ($name)',
  (db) => {
    const apps = useTestApps(db);
    let api: ApiClient;
    let knex: Knex;

    beforeAll(async () => {
      const app = await apps.build();
      knex = app.dataSources.primary.knex;
      await knex.raw(`CREATE TABLE place (
        id INT AUTO_INCREMENT PRIMARY KEY,
        label VARCHAR(50) NOT NULL,
        geo POINT NULL,
        shape GEOMETRY NULL,
        latin VARCHAR(50) CHARACTER SET latin1 COLLATE latin1_swedish_ci NULL,
        kind ENUM('shop', 'farm') NULL,
        tags SET('red', 'blue') NULL
      ) DEFAULT CHARSET = utf8mb4`);
      await knex.raw(`INSERT INTO place (label, geo, shape, latin, kind, tags) VALUES
        ('alpha', POINT(1, 2), ST_GeomFromText('POINT(1 2)'), 'café', 'shop', 'red'),
        ('beta', POINT(3, 4), ST_GeomFromText('LINESTRING(0 0, 1 1)'), 'plain', 'farm', 'red,blue')`);
      api = apiClient(app, (await login(app)).cookie);
      const reversed = await api.post('/api/metadata/tables/metadatas/reverse/place', {});
      expect(reversed.statusCode, reversed.body).toBe(201);
    });

    /** Signed in on a fresh app (apps are closed after each test). */
    const client = async (): Promise<void> => {
      const app = await apps.build();
      knex = app.dataSources.primary.knex;
      api = apiClient(app, (await login(app)).cookie);
    };

    const filter = (leaf: object) => `filter=${encodeURIComponent(JSON.stringify(leaf))}`;
    const q = (column: string, value: string) => `${column}=${encodeURIComponent(value)}`;

    /** status and, for a 200, the labels found; a 400 must say something. */
    const answer = async (query: string): Promise<string> => {
      const response = await api.get(`${BASE}?${query}`);
      if (response.statusCode === 200)
        return `200 ${(response.json() as Place[]).map((row) => row.label).join(',')}`;
      if (response.statusCode === 400) {
        const body = response.json() as { message: string; errors?: Record<string, string> };
        expect(body.message, query).not.toBe('');
        return `400 ${Object.keys(body.errors ?? {}).join(',')}`;
      }
      return `${response.statusCode} ${response.body}`;
    };

    it('answers every filter on a spatial, latin1, ENUM or SET column with 200 or 400', async () => {
      await client();
      const queries = [
        q('geo', 'EQ POINT(1 2)'),
        q('geo', 'abc'),
        q('geo', 'LIKE 3'),
        q('shape', 'xyz'),
        q('geo', 'IN abc,def'),
        filter({ columnName: 'geo', operatorType: 'EQ', values: ['nowhere'] }),
        filter({ columnName: 'shape', operatorType: 'NE', values: [EMOJI] }),
        q('latin', EMOJI),
        q('latin', `LIKE ${EMOJI}`),
        q('latin', `IN ${EMOJI},café`),
        q('latin', 'café'),
        filter({ columnName: 'latin', operatorType: 'EQ', values: [EMOJI] }),
        filter({ columnName: 'latin', operatorType: 'NE', values: [EMOJI] }),
        `search=${encodeURIComponent(EMOJI)}`,
        q('kind', 'notAValue'),
        q('kind', 'farm'),
        q('kind', 'IN shop,notAValue'),
        q('kind', 'GT notAValue'),
        filter({ columnName: 'kind', operatorType: 'EQ', values: ['notAValue'] }),
        q('tags', 'green'),
        q('tags', 'LIKE blue'),
        filter({ columnName: 'tags', operatorType: 'NE', values: ['green'] }),
      ];
      const answers: Record<string, string> = {};
      for (const query of queries) answers[decodeURIComponent(query)] = await answer(query);
      const d = (query: string) => decodeURIComponent(query);
      expect(answers).toEqual({
        // A point is compared on its text form (as the database writes it): anything matches or not.
        [d(q('geo', 'EQ POINT(1 2)'))]: '200 alpha',
        [d(q('geo', 'abc'))]: '200 ',
        [d(q('geo', 'LIKE 3'))]: '200 beta',
        [d(q('shape', 'xyz'))]: '200 ',
        [d(q('geo', 'IN abc,def'))]: '200 ',
        [d(filter({ columnName: 'geo', operatorType: 'EQ', values: ['nowhere'] }))]: '200 ',
        [d(filter({ columnName: 'shape', operatorType: 'NE', values: [EMOJI] }))]: '200 beta,alpha',
        // A character latin1 cannot store: crudboard does not know the column's character set, the
        // database refuses the comparison, and the 400 says why (a keyword search too).
        [d(q('latin', EMOJI))]: '400 value',
        [d(q('latin', `LIKE ${EMOJI}`))]: '400 value',
        [d(q('latin', `IN ${EMOJI},café`))]: '400 value',
        [d(q('latin', 'café'))]: '200 alpha',
        [d(filter({ columnName: 'latin', operatorType: 'EQ', values: [EMOJI] }))]: '400 value',
        [d(filter({ columnName: 'latin', operatorType: 'NE', values: [EMOJI] }))]: '400 value',
        [`search=${EMOJI}`]: '400 value',
        // A value the ENUM or SET does not list matches no row.
        [d(q('kind', 'notAValue'))]: '200 ',
        [d(q('kind', 'farm'))]: '200 beta',
        [d(q('kind', 'IN shop,notAValue'))]: '200 alpha',
        [d(q('kind', 'GT notAValue'))]: expect.stringMatching(/^(200|400) /),
        [d(filter({ columnName: 'kind', operatorType: 'EQ', values: ['notAValue'] }))]: '200 ',
        [d(q('tags', 'green'))]: '200 ',
        [d(q('tags', 'LIKE blue'))]: '200 beta',
        [d(filter({ columnName: 'tags', operatorType: 'NE', values: ['green'] }))]: '200 beta,alpha',
      });
    });

    it('refuses a write of a value such a column cannot take with 400 naming it, writing nothing', async () => {
      await client();
      const before = await knex('place').select('*').orderBy('id');
      const writes: Record<string, unknown>[] = [
        { latin: `x${EMOJI}` },
        { latin: '二' },
        { kind: 'notAValue' },
        { tags: 'red,green' },
      ];
      const answers: Record<string, string> = {};
      for (const body of writes) {
        const created = await api.post(BASE, { label: 'new', ...body });
        const updated = await api.patch(`${BASE}/1`, body);
        for (const [verb, response] of [
          ['create', created],
          ['update', updated],
        ] as const) {
          const json = response.statusCode === 400 ? (response.json() as { message: string }) : null;
          answers[`${verb} ${JSON.stringify(body)}`] = json?.message
            ? `400 ${JSON.stringify(json)}`
            : `${response.statusCode} ${response.body}`;
        }
      }
      for (const [key, value] of Object.entries(answers))
        expect(value, key).toMatch(/^400 .*"errors":\{"(latin|kind|tags)":"/);
      expect(answers[`create ${JSON.stringify({ latin: '二' })}`]).toContain('latin1');
      // The ENUM and SET are choice columns: a value they do not list is refused before SQL, naming them.
      expect(answers[`update ${JSON.stringify({ kind: 'notAValue' })}`]).toContain('shop, farm');
      expect(answers[`create ${JSON.stringify({ tags: 'red,green' })}`]).toContain('green');
      expect(await knex('place').select('*').orderBy('id')).toEqual(before);
    });

    it('keeps spatial columns read-only: a write of them changes nothing of the geometry', async () => {
      await client();
      const table = (await api.get('/api/metadata/tables/name/place')).json() as {
        columns: { name: string; insertable: boolean; updatable: boolean }[];
      };
      expect(
        table.columns.filter((column) => ['geo', 'shape'].includes(column.name)).map((c) => c.updatable),
      ).toEqual([false, false]);
      const shapes = () =>
        knex.raw('SELECT ST_AsText(geo) AS g, ST_AsText(shape) AS s FROM place ORDER BY id');
      const before = await shapes();
      const patched = await api.patch(`${BASE}/1`, { geo: 'abc', shape: 'POINT(9 9)' });
      expect([200, 400]).toContain(patched.statusCode);
      expect(await shapes()).toEqual(before);
    });

    it('writes the values such columns take', async () => {
      await client();
      const created = await api.post(BASE, { label: 'gamma', latin: 'naïve', kind: 'farm', tags: 'blue' });
      expect(created.statusCode, created.body).toBe(201);
      const record = (await api.get(`${BASE}/${created.body}`)).json() as Record<string, unknown>;
      expect(record).toMatchObject({ label: 'gamma', latin: 'naïve', kind: 'farm', tags: 'blue' });
      await knex('place').where('label', 'gamma').delete();
    });
  },
  (db) => db.name === 'mysql',
);

/** PostgreSQL's equivalents: a point, a polygon and an enum type of a reversed table. */
describeEachDatabase(
  'geometric and enum columns of a reversed PostgreSQL table ($name)',
  (db) => {
    const apps = useTestApps(db);
    let api: ApiClient;
    let knex: Knex;

    beforeAll(async () => {
      const app = await apps.build();
      knex = app.dataSources.primary.knex;
      await knex.raw(`CREATE TYPE place_kind AS ENUM ('shop', 'farm')`);
      await knex.raw(`CREATE TABLE place (
        id serial PRIMARY KEY,
        label varchar(50) NOT NULL,
        geo point,
        area polygon,
        kind place_kind
      )`);
      await knex.raw(`INSERT INTO place (label, geo, area, kind) VALUES
        ('alpha', '(1,2)', '((0,0),(1,0),(1,1))', 'shop'),
        ('beta', '(3,4)', NULL, 'farm')`);
      api = apiClient(app, (await login(app)).cookie);
      const reversed = await api.post('/api/metadata/tables/metadatas/reverse/place', {});
      expect(reversed.statusCode, reversed.body).toBe(201);
    });

    const client = async (): Promise<void> => {
      const app = await apps.build();
      knex = app.dataSources.primary.knex;
      api = apiClient(app, (await login(app)).cookie);
    };

    const labels = async (query: string): Promise<string> => {
      const response = await api.get(`${BASE}?${query}`);
      if (response.statusCode !== 200) return `${response.statusCode} ${response.body}`;
      return `200 ${(response.json() as Place[]).map((row) => row.label).join(',')}`;
    };

    it('answers filters on a point, a polygon and an enum with 200, a value not listed matching nothing', async () => {
      await client();
      const filter = (leaf: object) => `filter=${encodeURIComponent(JSON.stringify(leaf))}`;
      expect(await labels(`geo=${encodeURIComponent('EQ (1,2)')}`)).toBe('200 alpha');
      expect(await labels('geo=abc')).toBe('200 ');
      expect(await labels(`area=${encodeURIComponent(EMOJI)}`)).toBe('200 ');
      expect(await labels(filter({ columnName: 'geo', operatorType: 'EQ', values: ['nowhere'] }))).toBe(
        '200 ',
      );
      expect(await labels('kind=notAValue')).toBe('200 ');
      expect(await labels('kind=IN shop,notAValue')).toBe('200 alpha');
      expect(await labels(filter({ columnName: 'kind', operatorType: 'NE', values: ['notAValue'] }))).toBe(
        '200 beta,alpha',
      );
      expect(await labels(`search=${encodeURIComponent(EMOJI)}`)).toBe('200 ');
    });

    it('makes an enum of a type of its own a choice column: a value it does not list changes nothing', async () => {
      await client();
      const table = (await api.get('/api/metadata/tables/name/place')).json() as {
        columns: { name: string; updatable: boolean; nativeType: string | null }[];
      };
      expect(table.columns.find((column) => column.name === 'kind')).toMatchObject({
        nativeType: 'place_kind',
        updatable: true,
        options: [{ value: 'shop' }, { value: 'farm' }],
      });
      const before = await knex('place').select('*').orderBy('id');
      // Nothing of the body may be written: a 400 naming the column, never a 200 that changed nothing.
      const updated = await api.patch(`${BASE}/1`, { kind: 'notAValue' });
      expect(updated.statusCode, updated.body).toBe(400);
      expect(Object.keys(updated.json().errors)).toEqual(['kind']);
      expect(await knex('place').select('*').orderBy('id')).toEqual(before);
      // A value it lists is written through the enum type.
      const listed = await api.patch(`${BASE}/1`, { kind: 'farm' });
      expect(listed.statusCode, listed.body).toBe(200);
      expect((await knex('place').where('id', 1).first()).kind).toBe('farm');
      await knex('place').where('id', 1).update({ kind: 'shop' });
    });
  },
  (db) => db.name === 'pg',
);
