import type { Knex } from 'knex';
import { beforeAll, expect, it } from 'vitest';
import type { App } from '../../../src/app';
import { dialectOf } from '../../../src/db/dialect';
import { META } from '../../../src/db/table-names';
import { CHINOOK_TABLES, loadChinook } from '../../helpers/chinook';
import { HOSTILE_NAMES } from '../../helpers/hostile-names';
import { apiClient, createTableViaApi, SYSTEM_COLUMNS, type ApiClient } from '../../helpers/metadata-api';
import { physicalColumns, physicalIndexNames } from '../../helpers/physical-schema';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase } from '../../helpers/test-databases';
import { createUser } from '../../helpers/users';

const BASE = '/api/metadata/tables/metadatas';

interface RelationRow {
  name: string;
  relationType: string;
  fromTable: string;
  fromColumn: string;
  toTable: string;
  toColumn: string;
}

/** Every stored relation with its tables' and columns' names. */
const storedRelations = async (knex: Knex): Promise<RelationRow[]> =>
  (
    await knex(`${META.relation} as r`)
      .join(`${META.table} as ft`, 'ft.id', 'r.fromTableId')
      .join(`${META.table} as tt`, 'tt.id', 'r.toTableId')
      .join(`${META.column} as fc`, 'fc.id', 'r.fromColumnId')
      .join(`${META.column} as tc`, 'tc.id', 'r.toColumnId')
      .select(
        'r.name',
        'r.relationType',
        'ft.tableName as fromTable',
        'fc.name as fromColumn',
        'tt.tableName as toTable',
        'tc.name as toColumn',
      )
      .orderBy('r.id')
  ).map((row: Record<string, unknown>) => ({
    name: String(row.name),
    relationType: String(row.relationType),
    fromTable: String(row.fromTable),
    fromColumn: String(row.fromColumn),
    toTable: String(row.toTable),
    toColumn: String(row.toColumn),
  }));

const metadataSnapshot = async (knex: Knex) =>
  JSON.stringify({
    tables: await knex(META.table).select('*').orderBy('id'),
    columns: await knex(META.column).select('*').orderBy('id'),
    indexes: await knex(META.index).select('*').orderBy('id'),
    lines: await knex(META.indexLine).select('*').orderBy('id'),
    relations: await knex(META.relation).select('*').orderBy('id'),
  });

describeEachDatabase('/api/metadata/tables/metadatas — reverse engineering ($name)', (db) => {
  const apps = useTestApps(db);
  const names = db.name === 'pg' ? CHINOOK_TABLES.pg : CHINOOK_TABLES.sqlite;
  /** A Chinook name in this dialect's spelling: `InvoiceLine` / `invoice_line`, `AlbumId` / `album_id`. */
  const n = (camel: string) =>
    db.name === 'pg' ? camel.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase() : camel;

  beforeAll(async () => {
    const [primary] = apps.config().dataSources;
    if (!primary) throw new Error('no primary data source');
    await loadChinook(primary);
  }, 120_000);

  /** Signed in, with no reverse-engineered table left from an earlier test (physical tables stay). */
  const setup = async (): Promise<{ app: App; api: ApiClient; knex: Knex }> => {
    const app = await apps.build();
    const { cookie } = await login(app);
    const api = apiClient(app, cookie);
    const knex = app.dataSources.primary.knex;
    const reversed = (await api.get('/api/metadata/tables?reverse=true&limit=1000')).json() as {
      id: number;
    }[];
    if (reversed.length > 0) {
      const deleted = await api.delete(
        '/api/metadata/tables?isDropPhysicalTable=false',
        reversed.map((table) => table.id),
      );
      expect(deleted.statusCode).toBe(204);
    }
    return { app, api, knex };
  };

  it('lists the physical tables no metadata describes: the 11 Chinook tables, none of crudboard’s own', async () => {
    const { api, knex } = await setup();
    if (dialectOf(knex) === 'sqlite') {
      await knex.raw('CREATE VIRTUAL TABLE IF NOT EXISTS note_search USING fts5(body)');
    }
    await createTableViaApi(api, { name: 'managedNote', caption: '便签', columns: SYSTEM_COLUMNS });
    const response = await api.get(BASE);
    expect(response.statusCode).toBe(200);
    const listed = response.json() as { tableName: string; comment: string | null }[];
    expect(listed.map((table) => table.tableName).sort()).toEqual([...names].sort());
    expect(listed[0]).toHaveProperty('comment');
    await api.delete('/api/metadata/tables?isDropPhysicalTable=true', [
      (await api.get('/api/metadata/tables/name/managedNote')).json().id,
    ]);
  });

  it('describes one physical table: columns, key, indexes, foreign keys; 404 for unknown or internal tables', async () => {
    const { api } = await setup();
    const response = await api.get(`${BASE}/${n('Album')}`);
    expect(response.statusCode).toBe(200);
    const album = response.json();
    expect(album.tableName).toBe(n('Album'));
    expect(album.columns.map((column: { name: string }) => column.name)).toEqual([
      n('AlbumId'),
      n('Title'),
      n('ArtistId'),
    ]);
    const [id, title, artist] = album.columns;
    expect(id).toMatchObject({ key: 'PRI', nullable: false });
    expect(id.type.toLowerCase()).toMatch(/^int/);
    expect(title).toMatchObject({ key: '', nullable: false, default: null });
    expect(title.type.toLowerCase()).toMatch(/(varchar|character varying)\(160\)/);
    expect(artist.key).toBe('MUL');
    expect(album.foreignKeys).toEqual([
      { column: n('ArtistId'), refTable: n('Artist'), refColumn: n('ArtistId') },
    ]);
    expect(album.indexs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'PRIMARY', unique: true, columns: [n('AlbumId')] }),
        expect.objectContaining({ unique: false, columns: [n('ArtistId')] }),
      ]),
    );

    // Any case finds the table; a composite key marks both columns.
    const pair = (await api.get(`${BASE}/${n('PlaylistTrack').toUpperCase()}`)).json();
    expect(pair.tableName).toBe(n('PlaylistTrack'));
    expect(pair.columns.map((column: { key: string }) => column.key)).toEqual(['PRI', 'PRI']);
    expect(pair.foreignKeys).toHaveLength(2);

    for (const name of ['no_such_table', 'cb_user', 'cb_meta_table', ...HOSTILE_NAMES.filter(Boolean)]) {
      const missing = await api.get(`${BASE}/${encodeURIComponent(name)}`);
      expect(missing.statusCode, name).toBe(404);
      expect(missing.json().code).toBe('NOT_FOUND');
    }
  });

  it('reverses all 11 tables in one call, without DDL: types, keys, and the 11 foreign keys as relations', async () => {
    const { api, knex } = await setup();
    const before = await Promise.all(
      names.map(async (name) => [await physicalColumns(knex, name), await physicalIndexNames(knex, name)]),
    );
    const response = await api.post(`${BASE}/reverse`, names);
    expect(response.statusCode, response.body).toBe(201);
    const ids = response.json() as number[];
    expect(ids).toHaveLength(11);
    expect(new Set(ids).size).toBe(11);
    const after = await Promise.all(
      names.map(async (name) => [await physicalColumns(knex, name), await physicalIndexNames(knex, name)]),
    );
    expect(after).toEqual(before);
    expect((await api.get(BASE)).json()).toEqual([]);

    const invoice = (
      await api.get(`/api/metadata/tables/${ids[names.indexOf(n('Invoice') as never)]}`)
    ).json();
    expect(invoice).toMatchObject({
      name: n('Invoice'),
      tableName: n('Invoice'),
      reverse: true,
      systemable: false,
    });
    expect(invoice.primaryNames).toEqual([n('InvoiceId')]);
    const column = (name: string) =>
      invoice.columns.find((candidate: { name: string }) => candidate.name === n(name));
    expect(column('InvoiceId')).toMatchObject({ dataType: 'INT', indexType: 'PRIMARY', nullable: false });
    expect(column('Total')).toMatchObject({ dataType: 'DECIMAL', precision: 10, scale: 2, nullable: false });
    expect(column('InvoiceDate')).toMatchObject({ dataType: 'DATETIME', nullable: false });
    expect(column('BillingCity')).toMatchObject({
      dataType: 'VARCHAR',
      length: 40,
      nullable: true,
      queryable: true,
    });
    expect(column('CustomerId')).toMatchObject({ dataType: 'INT', indexType: 'INDEX' });

    const pair = (await api.get(`/api/metadata/tables/name/${n('PlaylistTrack')}`)).json();
    expect(pair.primaryNames).toEqual([n('PlaylistId'), n('TrackId')]);
    expect(pair.indexs).toEqual(expect.arrayContaining([expect.objectContaining({ indexType: 'PRIMARY' })]));

    const chinook = new Set<string>(names);
    const relations = (await storedRelations(knex)).filter((relation) => chinook.has(relation.fromTable));
    const manyToOne = relations.filter((relation) => relation.relationType === 'ManyToOne');
    const oneToMany = relations.filter((relation) => relation.relationType === 'OneToMany');
    expect(manyToOne).toHaveLength(11);
    expect(oneToMany).toHaveLength(11);
    expect(manyToOne).toContainEqual({
      name: 'artist',
      relationType: 'ManyToOne',
      fromTable: n('Album'),
      fromColumn: n('ArtistId'),
      toTable: n('Artist'),
      toColumn: n('ArtistId'),
    });
    expect(oneToMany).toContainEqual({
      name: 'albums',
      relationType: 'OneToMany',
      fromTable: n('Artist'),
      fromColumn: n('ArtistId'),
      toTable: n('Album'),
      toColumn: n('ArtistId'),
    });
    // Every foreign key has its counterpart, and no name is used twice or shadows a column of its table.
    for (const relation of manyToOne) {
      expect(oneToMany).toContainEqual(
        expect.objectContaining({
          fromTable: relation.toTable,
          fromColumn: relation.toColumn,
          toTable: relation.fromTable,
          toColumn: relation.fromColumn,
        }),
      );
    }
    const columns: { tableName: string; name: string }[] = await knex(`${META.column} as c`)
      .join(`${META.table} as t`, 't.id', 'c.tableId')
      .select('t.tableName', 'c.name');
    for (const table of names) {
      const own = relations
        .filter((relation) => relation.fromTable === table)
        .map((r) => r.name.toLowerCase());
      expect(new Set(own).size, table).toBe(own.length);
      const columnNames = columns.filter((c) => c.tableName === table).map((c) => c.name.toLowerCase());
      expect(
        own.filter((name) => columnNames.includes(name)),
        table,
      ).toEqual([]);
    }
    // The self-reference of Employee (ReportsTo) gets both sides on the same table.
    const employee = relations
      .filter((relation) => relation.fromTable === n('Employee'))
      .map((r) => r.relationType);
    expect(employee.sort()).toEqual(['ManyToOne', 'OneToMany', 'OneToMany']);
  });

  it('serves the reversed tables through the business API: relations embedded, count, search, writes', async () => {
    const { api } = await setup();
    expect((await api.post(`${BASE}/reverse`, names)).statusCode).toBe(201);
    const album = n('Album');
    const list = await api.get(`/api/business/${album}?limit=3&orderby=${n('AlbumId')}`);
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      [n('AlbumId')]: 1,
      [n('Title')]: 'For Those About To Rock We Salute You',
      [n('ArtistId')]: 1,
      artist: { [n('ArtistId')]: 1, [n('Name')]: 'AC/DC' },
    });
    expect((await api.get(`/api/business/${album}/count`)).json()).toBe(347);

    const artist = n('Artist');
    const found = await api.get(`/api/business/${artist}?search=led%20zeppelin`);
    expect(found.statusCode).toBe(200);
    expect(found.json().map((row: Record<string, unknown>) => row[n('Name')])).toEqual(['Led Zeppelin']);
    expect((await api.get(`/api/business/${artist}/count?search=zeppelin`)).json()).toBe(2);
    const one = (await api.get(`/api/business/${artist}/1`)).json();
    expect(one[n('Name')]).toBe('AC/DC');
    expect(one.albums.map((row: Record<string, unknown>) => row[n('AlbumId')]).sort()).toEqual([1, 4]);

    const track = (await api.get(`/api/business/${n('Track')}?limit=1&orderby=${n('TrackId')}`)).json()[0];
    expect(track).toMatchObject({
      [n('UnitPrice')]: '0.99',
      album: { [n('AlbumId')]: 1 },
      genre: { [n('Name')]: 'Rock' },
      [db.name === 'pg' ? 'media_type' : 'mediaType']: expect.objectContaining({ [n('MediaTypeId')]: 1 }),
    });

    // Writes on tables without crudboard's system columns (createdDate, isDeleted...).
    const genre = n('Genre');
    const created = await api.post(`/api/business/${genre}`, {
      [n('GenreId')]: 900,
      [n('Name')]: 'Chiptune',
    });
    expect(created.statusCode, created.body).toBe(201);
    const genreId = created.json();
    const patched = await api.patch(`/api/business/${genre}/${genreId}`, { [n('Name')]: '芯片音乐' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await api.get(`/api/business/${genre}/${genreId}`)).json()).toMatchObject({
      [n('GenreId')]: genreId,
      [n('Name')]: '芯片音乐',
    });

    const invoice = n('Invoice');
    const sale = await api.post(`/api/business/${invoice}`, {
      [n('InvoiceId')]: 5000,
      [n('CustomerId')]: 2,
      [n('InvoiceDate')]: '2026-01-02 03:04:05',
      [n('Total')]: '12.34',
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const stored = (await api.get(`/api/business/${invoice}/${sale.json()}`)).json();
    expect(stored).toMatchObject({
      [n('InvoiceDate')]: '2026-01-02 03:04:05',
      [n('Total')]: '12.34',
      customer: { [n('CustomerId')]: 2 },
    });
    expect(stored).not.toHaveProperty('createdDate');

    const pair = n('PlaylistTrack');
    const link = await api.post(`/api/business/${pair}`, { [n('PlaylistId')]: 2, [n('TrackId')]: 1 });
    expect(link.statusCode, link.body).toBe(201);
    expect(link.body).toBe(`${n('PlaylistId')}=2,${n('TrackId')}=1`);
  });

  it('refuses bad input with a clear 4xx and changes nothing: unknown, twice, crudboard’s own, hostile names', async () => {
    const { api, knex } = await setup();
    const untouched = await metadataSnapshot(knex);
    const refused = async (url: string, body: unknown, status: number) => {
      const response = await api.post(url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}: ${response.body}`).toBe(status);
      expect(response.json().message).toEqual(expect.any(String));
      expect(await metadataSnapshot(knex)).toBe(untouched);
      return response.json();
    };

    const unknown = await refused(`${BASE}/reverse/no_such_table`, {}, 404);
    expect(unknown.message).toContain('no_such_table');
    // All or nothing: one unknown name and the good ones are not reversed either.
    await refused(`${BASE}/reverse`, [n('Genre'), 'no_such_table'], 404);
    const own = await refused(`${BASE}/reverse/cb_user`, {}, 400);
    expect(own.code).toBe('VALIDATION_ERROR');
    expect(Object.values(own.errors).join()).toContain('cb_user');
    await refused(`${BASE}/reverse`, [n('Genre'), 'cb_meta_table'], 400);
    await refused(`${BASE}/reverse`, [n('Genre'), n('Genre').toUpperCase()], 400);
    await refused(`${BASE}/reverse`, [], 400);
    await refused(`${BASE}/reverse`, { tableName: n('Genre') }, 400);
    for (const name of HOSTILE_NAMES.filter(Boolean)) {
      await refused(`${BASE}/reverse/${encodeURIComponent(name)}`, {}, 404);
    }
    await refused(`${BASE}/reverse`, HOSTILE_NAMES.filter(Boolean), 404);

    expect(unknown.message).toBe('数据库中不存在表：no_such_table');
    const { app } = await setup();
    const { cookie } = await login(app);
    const inEnglish = apiClient(app, cookie, { 'accept-language': 'en' });
    expect((await inEnglish.post(`${BASE}/reverse`, ['no_such_table'])).json().message).toBe(
      'the database has no table: no_such_table',
    );
    expect(Object.values((await inEnglish.post(`${BASE}/reverse/cb_user`, {})).json().errors)).toEqual([
      'cb_user is a table of crudboard or of the database itself and cannot be reverse-engineered',
    ]);

    const first = await api.post(`${BASE}/reverse/${n('Genre')}`, {});
    expect(first.statusCode).toBe(201);
    const once = await metadataSnapshot(knex);
    const again = await api.post(`${BASE}/reverse`, [n('MediaType'), n('Genre')]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT' });
    expect(again.json().message).toContain(n('Genre'));
    expect(await metadataSnapshot(knex)).toBe(once);
    const withEnglish = await api.post(`${BASE}/reverse/${n('Genre')}`, {});
    expect(withEnglish.statusCode).toBe(409);
  });

  it('keeps reserved words as physical names (the API name gets a suffix); refuses names metadata cannot hold', async () => {
    const { api, knex } = await setup();
    await knex.schema.dropTableIfExists('order');
    await knex.schema.createTable('order', (t) => {
      // Not an INTEGER key: SQLite would number the rows itself (its rowid).
      t.bigInteger('select').primary();
      t.string('group', 20).notNullable();
      t.string('from', 20);
    });
    const created = await api.post(`${BASE}/reverse/order`, {});
    expect(created.statusCode, created.body).toBe(201);
    const table = (await api.get(`/api/metadata/tables/${created.json()}`)).json();
    expect(table).toMatchObject({ name: 'order_t', tableName: 'order', primaryNames: ['select'] });
    expect(table.columns.map((column: { name: string }) => column.name)).toEqual(['select', 'group', 'from']);

    const row = await api.post('/api/business/order_t', { select: 7, group: 'a', from: 'b' });
    expect(row.statusCode, row.body).toBe(201);
    expect(row.json()).toBe(7);
    expect((await api.patch('/api/business/order_t/7', { group: 'c' })).statusCode).toBe(200);
    expect((await api.get('/api/business/order_t?search=c&orderby=group')).json()).toEqual([
      { select: 7, group: 'c', from: 'b' },
    ]);
    expect((await api.get('/api/business/order/count?group=c')).json()).toBe(1);

    const untouched = await metadataSnapshot(knex);
    // A dot would be read as a schema separator: such a table name cannot be used.
    const quoteWhole = (name: string) => (db.name === 'mysql' ? `\`${name}\`` : `"${name}"`);
    await knex.raw(`DROP TABLE IF EXISTS ${quoteWhole('bad.table')}`);
    await knex.raw(`CREATE TABLE ${quoteWhole('bad.table')} (id INTEGER PRIMARY KEY)`);
    const badTable = await api.post(`${BASE}/reverse`, ['bad.table', n('Genre')]);
    expect(badTable.statusCode).toBe(400);
    expect(badTable.json().errors['bad.table']).toContain('bad.table');

    await knex.schema.dropTableIfExists('odd_columns');
    await knex.schema.createTable('odd_columns', (t) => {
      t.integer('id').primary();
      // Spaces, hyphens and Chinese are fine in a column name; a comma or a quote is not.
      t.string('first name', 20);
      t.string('a,b', 20);
      t.string("it's", 20);
    });
    const badColumns = await api.post(`${BASE}/reverse/odd_columns`, {});
    expect(badColumns.statusCode).toBe(400);
    expect(badColumns.json().errors.odd_columns).toContain("a,b, it's");
    expect(badColumns.json().errors.odd_columns).not.toContain('first name');
    expect(await metadataSnapshot(knex)).toBe(untouched);
    for (const name of ['order', 'odd_columns']) await knex.schema.dropTable(name);
    await knex.raw(`DROP TABLE ${quoteWhole('bad.table')}`);
  });

  it('links a reversed table to tables reversed earlier, in both directions', async () => {
    const { api, knex } = await setup();
    expect((await api.post(`${BASE}/reverse/${n('Album')}`, {})).statusCode).toBe(201);
    const relations = async () =>
      (await storedRelations(knex)).filter((relation) =>
        [n('Album'), n('Artist'), n('Track')].includes(relation.fromTable),
      );
    // Artist is not managed yet: no relation, and the foreign key is reported.
    expect(await relations()).toEqual([]);

    const artist = await api.post(`${BASE}/reverse/${n('Artist')}`, {});
    expect(artist.statusCode).toBe(201);
    expect(await relations()).toEqual([
      expect.objectContaining({ name: 'artist', relationType: 'ManyToOne', fromTable: n('Album') }),
      expect.objectContaining({ name: 'albums', relationType: 'OneToMany', fromTable: n('Artist') }),
    ]);
    const track = await api.post(`${BASE}/reverse/${n('Track')}`, {});
    expect(track.statusCode).toBe(201);
    expect(track.headers['x-reverse-warnings']).toEqual(expect.stringContaining('foreignKeySkipped'));
    expect((await relations()).map((relation) => `${relation.fromTable}.${relation.name}`)).toEqual([
      `${n('Album')}.artist`,
      `${n('Artist')}.albums`,
      `${n('Track')}.album`,
      `${n('Album')}.tracks`,
    ]);
    const albums = (await api.get(`/api/business/${n('Album')}/1`)).json();
    expect(albums).toMatchObject({ artist: { [n('Name')]: 'AC/DC' } });
    expect(albums.tracks.length).toBeGreaterThan(5);
  });

  it('maps binary and unknown types to the nearest data type, read-only, and reports them', async () => {
    const { api, knex } = await setup();
    await knex.schema.dropTableIfExists('blob_box');
    const binary = { sqlite: 'BLOB', pg: 'bytea', mysql: 'blob' }[db.name];
    const json = { sqlite: 'JSON', pg: 'jsonb', mysql: 'json' }[db.name];
    await knex.raw(
      `CREATE TABLE blob_box (id INTEGER NOT NULL PRIMARY KEY, label VARCHAR(30) DEFAULT 'x', payload ${binary}, doc ${json}, twice INTEGER GENERATED ALWAYS AS (id * 2) STORED)`,
    );
    await knex('blob_box').insert({
      id: 1,
      label: 'one',
      payload: Buffer.from('hello'),
      doc: '{"k": [1, "二"]}',
    });
    const response = await api.post(`${BASE}/reverse/blob_box`, {});
    expect(response.statusCode, response.body).toBe(201);
    const warnings = JSON.parse(String(response.headers['x-reverse-warnings']));
    expect(warnings).toContainEqual(
      expect.objectContaining({
        table: 'blob_box',
        column: 'payload',
        reason: 'approximateType',
        dataType: 'LONGTEXT',
      }),
    );
    const table = (await api.get(`/api/metadata/tables/${response.json()}`)).json();
    const payload = table.columns.find((column: { name: string }) => column.name === 'payload');
    expect(payload).toMatchObject({
      dataType: 'LONGTEXT',
      insertable: false,
      updatable: false,
      queryable: false,
    });
    expect(payload.description).toContain(binary);
    expect(table.columns.find((column: { name: string }) => column.name === 'label')).toMatchObject({
      dataType: 'VARCHAR',
      length: 30,
      defaultValue: 'x',
    });
    const first = (await api.get('/api/business/blob_box/1')).json();
    expect(first).toMatchObject({ id: 1, label: 'one', payload: 'hello' });
    expect(JSON.parse(first.doc)).toEqual({ k: [1, '二'] });
    expect(table.columns.find((column: { name: string }) => column.name === 'twice')).toMatchObject({
      dataType: 'INT',
      insertable: false,
      updatable: false,
    });
    const created = await api.post('/api/business/blob_box', { id: 2, label: 'two', twice: 99 });
    expect(created.statusCode, created.body).toBe(201);
    expect((await api.get('/api/business/blob_box/2')).json()).toMatchObject({
      id: 2,
      twice: 4,
      label: 'two',
    });
    // A PATCH of nothing but a read-only column changes nothing, so it says so (400 naming it).
    const refused = await api.patch('/api/business/blob_box/2', { payload: 'not written' });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['payload']);
    expect((await knex('blob_box').where('id', 2).first()).payload).toBeNull();
    await api.delete(`/api/metadata/tables/${response.json()}?isDropPhysicalTable=true`);
  });

  it('needs metadata:read to look and metadata:write to reverse', async () => {
    const { app } = await setup();
    await createUser(app, {
      username: 'reverse_reader',
      password: 'Reader-Pass-1',
      roles: { READER: 'metadata:read' },
    });
    const { cookie } = await login(app, 'reverse_reader', 'Reader-Pass-1');
    const reader = apiClient(app, cookie);
    expect((await reader.get(BASE)).statusCode).toBe(200);
    expect((await reader.get(`${BASE}/${n('Genre')}`)).statusCode).toBe(200);
    expect((await reader.post(`${BASE}/reverse/${n('Genre')}`, {})).statusCode).toBe(403);
    expect((await reader.post(`${BASE}/reverse`, [n('Genre')])).statusCode).toBe(403);
    expect(await app.dataSources.primary.knex(META.table).where('tableName', n('Genre'))).toEqual([]);
  });
});
