import type { Knex } from 'knex';
import { beforeAll, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../helpers/metadata-api';
import { login, useTestApps } from '../helpers/test-app';
import { describeEachDatabase } from '../helpers/test-databases';

const ALPHA = '11111111-1111-1111-1111-111111111111';
const BETA = '22222222-2222-2222-2222-222222222222';
const MISSING = '99999999-9999-9999-9999-999999999999';
const BASE = '/api/business/gadget';

interface Gadget {
  id: string;
  label: string;
  addr: string | null;
  doc: string | null;
  made: string;
  serial_no: number;
}

/**
 * A table PostgreSQL users have, reversed as they would: a uuid key the database generates, an
 * address, a JSON document, arrays, a point, a time stamp and a serial number filled by defaults.
 * Nothing a user sends to it may answer 500.
 */
describeEachDatabase(
  'native PostgreSQL types of a reversed table ($name)',
  (db) => {
    const apps = useTestApps(db);
    let api: ApiClient;
    let knex: Knex;

    beforeAll(async () => {
      const app = await apps.build();
      knex = app.dataSources.primary.knex;
      await knex.raw(`CREATE TABLE gadget (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        label text NOT NULL,
        addr inet,
        doc jsonb,
        nums int[],
        tags text[],
        spot point,
        made timestamptz NOT NULL DEFAULT now(),
        serial_no serial
      )`);
      await knex.raw(`INSERT INTO gadget (id, label, addr, doc, nums, tags, spot, made) VALUES
        ('${ALPHA}', 'alpha', '10.0.0.1', '{"k": 1}', '{1,2}', '{red,blue}', '(1,2)', '2024-01-01 08:00:00'),
        ('${BETA}', 'beta', '192.168.1.9', '{"k": 2, "n": "二"}', '{3}', '{green}', '(3,4)', '2024-06-01 08:00:00')`);
      api = apiClient(app, (await login(app)).cookie);
      const reversed = await api.post('/api/metadata/tables/metadatas/reverse/gadget', {});
      expect(reversed.statusCode, reversed.body).toBe(201);
    });

    /** Signed in on a fresh app (apps are closed after each test). */
    const client = async (): Promise<ApiClient> => {
      const app = await apps.build();
      knex = app.dataSources.primary.knex;
      api = apiClient(app, (await login(app)).cookie);
      return api;
    };

    const labels = async (query: string): Promise<string[]> => {
      const response = await api.get(`${BASE}?${query}`);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
      return (response.json() as Gadget[]).map((row) => row.label);
    };

    const refused = async (query: string, param: string): Promise<string> => {
      const response = await api.get(`${BASE}?${query}`);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      const body = response.json();
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(Object.keys(body.errors)).toEqual([param]);
      return String(body.errors[param]);
    };

    const filter = (leaf: object) => `filter=${encodeURIComponent(JSON.stringify(leaf))}`;

    it('keeps the physical type and the database default of each column', async () => {
      await client();
      const table = (await api.get('/api/metadata/tables/name/gadget')).json();
      const column = (name: string) =>
        table.columns.find((candidate: { name: string }) => candidate.name === name);
      expect(column('id')).toMatchObject({
        dataType: 'CHAR',
        nativeType: 'uuid',
        nativeDefault: 'gen_random_uuid()',
        nullable: false,
        insertable: true,
      });
      expect(column('label')).toMatchObject({ dataType: 'TEXT', nativeType: null, nativeDefault: null });
      expect(column('addr')).toMatchObject({ nativeType: 'inet', insertable: true, updatable: true });
      expect(column('doc')).toMatchObject({ dataType: 'LONGTEXT', nativeType: 'jsonb', updatable: true });
      expect(column('nums')).toMatchObject({ nativeType: 'integer[]', updatable: false });
      expect(column('tags')).toMatchObject({ nativeType: 'text[]' });
      expect(column('spot')).toMatchObject({ nativeType: 'point' });
      expect(column('made')).toMatchObject({ dataType: 'DATETIME', nativeDefault: 'now()' });
      expect(column('serial_no').nativeDefault).toMatch(/^nextval\(/);
    });

    it('searches every queryable column in its text form', async () => {
      await client();
      expect(await labels('search=alpha')).toEqual(['alpha']);
      expect(await labels('search=192.168')).toEqual(['beta']);
      expect(await labels('search=1111-1111')).toEqual(['alpha']);
      expect(await labels(`search=${encodeURIComponent('二')}`)).toEqual(['beta']);
      expect(await labels('search=nowhere')).toEqual([]);
    });

    it('filters a uuid natively, a bad one is 400', async () => {
      await client();
      expect(await labels(`id=${ALPHA}`)).toEqual(['alpha']);
      expect(await labels(`id=${ALPHA},${BETA}`)).toEqual(['beta', 'alpha']);
      expect(await labels(`id=NE ${ALPHA}`)).toEqual(['beta']);
      expect(await labels(`id=NOTIN ${ALPHA}`)).toEqual(['beta']);
      expect(await labels(`id=GT ${ALPHA}`)).toEqual(['beta']);
      expect(await labels('id=LIKE 2222-2222')).toEqual(['beta']);
      expect(await labels(filter({ columnName: 'id', operatorType: 'LIKE', values: ['1111'] }))).toEqual([
        'alpha',
      ]);
      expect(await refused('id=zzz', 'id')).toContain('UUID');
      expect(await refused('id=a,zzz', 'id')).toContain('UUID');
      await refused(filter({ columnName: 'id', operatorType: 'EQ', values: ["' OR 1=1 --"] }), 'filter');
    });

    it('filters an address natively, a malformed one is 400', async () => {
      await client();
      expect(await labels('addr=10.0.0.1')).toEqual(['alpha']);
      expect(await labels('addr=LIKE 168.1')).toEqual(['beta']);
      expect(await labels('addr=GT 10.0.0.1')).toEqual(['beta']);
      await refused('addr=not-an-address', 'value');
      expect((await api.get(`${BASE}/count?addr=999.1.1.1`)).statusCode).toBe(400);
    });

    it('filters a JSON document as a document, refuses range tests and bad JSON', async () => {
      await client();
      expect(await labels(`doc=${encodeURIComponent('EQ {"k":1}')}`)).toEqual(['alpha']);
      expect(await labels(`doc=${encodeURIComponent('LIKE "k": 2')}`)).toEqual(['beta']);
      expect(await labels('doc=LIKE k')).toEqual(['beta', 'alpha']);
      expect(await refused('doc=not json', 'doc')).toContain('JSON');
      expect(await refused(`doc=${encodeURIComponent('GE {"k":1}')}`, 'doc')).toContain('doc');
    });

    it('filters arrays natively and on their text, a malformed array literal is 400', async () => {
      await client();
      expect(await labels(`nums=${encodeURIComponent('EQ {1,2}')}`)).toEqual(['alpha']);
      expect(await labels(`tags=${encodeURIComponent('EQ {green}')}`)).toEqual(['beta']);
      expect(await labels('tags=LIKE red')).toEqual(['alpha']);
      expect(await labels(`nums=${encodeURIComponent('GT {2}')}`)).toEqual(['beta']);
      expect(await labels('nums=ISNOTNULL')).toEqual(['beta', 'alpha']);
      await refused(`nums=${encodeURIComponent('EQ {x')}`, 'value');
    });

    it('filters a point on its text, refuses range tests', async () => {
      await client();
      expect(await labels(`spot=${encodeURIComponent('EQ (1,2)')}`)).toEqual(['alpha']);
      expect(await labels('spot=LIKE 3')).toEqual(['beta']);
      expect(await labels(`spot=${encodeURIComponent('IN (3,4)')}`)).toEqual([]);
      expect(await refused(`spot=${encodeURIComponent('GT (0,0)')}`, 'spot')).toContain('spot');
    });

    it('sorts on every type that has an order, refuses a point', async () => {
      await client();
      expect(await labels('orderby=id')).toEqual(['alpha', 'beta']);
      expect(await labels('orderby=addr desc')).toEqual(['beta', 'alpha']);
      expect(await labels('orderby=doc')).toEqual(['alpha', 'beta']);
      expect(await labels('orderby=nums desc')).toEqual(['beta', 'alpha']);
      expect(await labels('orderby=tags')).toEqual(['beta', 'alpha']);
      expect(await labels('orderby=made desc')).toEqual(['beta', 'alpha']);
      expect(await refused('orderby=spot', 'orderby')).toContain('spot');
    });

    it('answers 400, never 500, for a malformed id in GET, PATCH and DELETE, and 404 for a missing one', async () => {
      await client();
      for (const id of ['zzz', '1', `${ALPHA}x`, "'; DROP TABLE gadget; --"]) {
        const path = `${BASE}/${encodeURIComponent(id)}`;
        expect((await api.get(path)).statusCode, id).toBe(400);
        expect((await api.patch(path, { label: 'changed' })).statusCode, id).toBe(400);
        expect((await api.delete(path)).statusCode, id).toBe(400);
      }
      expect((await api.get(`${BASE}/all?ids=${ALPHA},zzz`)).statusCode).toBe(400);
      expect((await api.delete(BASE, ['zzz'])).statusCode).toBe(400);
      expect((await api.get(`${BASE}/${MISSING}`)).statusCode).toBe(404);
      expect(await knex('gadget').select('id').orderBy('id')).toEqual([{ id: ALPHA }, { id: BETA }]);
    });

    it('creates without the columns the database fills, and answers the generated uuid', async () => {
      await client();
      const created = await api.post(BASE, { label: 'gamma', addr: '10.1.2.3', doc: '{"made": true}' });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.body;
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      const record = (await api.get(`${BASE}/${id}`)).json() as Gadget;
      expect(record).toMatchObject({ id, label: 'gamma', addr: '10.1.2.3' });
      expect(JSON.parse(record.doc ?? '')).toEqual({ made: true });
      expect(record.made).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(record.serial_no).toBeGreaterThan(0);
      const given = await api.post(BASE, { id: MISSING.replace(/9/g, 'a'), label: 'delta' });
      expect(given.statusCode, given.body).toBe(201);
      expect(given.body).toBe(MISSING.replace(/9/g, 'a'));
      await knex('gadget').whereNotIn('id', [ALPHA, BETA]).delete();
    });

    it('refuses a bad uuid, address or JSON on create and update, and writes nothing', async () => {
      await client();
      const before = await knex('gadget').select('*').orderBy('id');
      const badId = await api.post(BASE, { id: 'not-a-uuid', label: 'x' });
      expect(badId.statusCode).toBe(400);
      expect(Object.keys(badId.json().errors)).toEqual(['id']);
      expect((await api.post(BASE, { label: 'x', addr: 'nowhere' })).statusCode).toBe(400);
      const badJson = await api.post(BASE, { label: 'x', doc: '{"open": ' });
      expect(badJson.statusCode).toBe(400);
      expect(Object.keys(badJson.json().errors)).toEqual(['doc']);
      expect((await api.patch(`${BASE}/${ALPHA}`, { addr: '300.0.0.1' })).statusCode).toBe(400);
      expect((await api.patch(`${BASE}/${ALPHA}`, { doc: 'nope' })).statusCode).toBe(400);
      expect(await knex('gadget').select('*').orderBy('id')).toEqual(before);
    });

    it('updates a JSON document and an address round trip; arrays stay read-only', async () => {
      await client();
      const doc = { a: [1, '二'], b: { c: null } };
      const patched = await api.patch(`${BASE}/${BETA}`, {
        doc: JSON.stringify(doc),
        addr: '2001:db8::1',
        nums: '{9,9}',
      });
      expect(patched.statusCode, patched.body).toBe(200);
      const record = (await api.get(`${BASE}/${BETA}`)).json() as Gadget & { nums: string };
      expect(JSON.parse(record.doc ?? '')).toEqual(doc);
      expect(record.addr).toBe('2001:db8::1');
      expect(JSON.parse(record.nums)).toEqual([3]);
      // What was read is written back unchanged.
      expect((await api.patch(`${BASE}/${BETA}`, { doc: record.doc, addr: record.addr })).statusCode).toBe(
        200,
      );
      expect((await api.get(`${BASE}/${BETA}`)).json()).toEqual(record);
    });
  },
  (db) => db.name === 'pg',
);
