import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../src/app';
import { fullTextFor } from '../../../src/dialects/full-text/full-text-for';
import { apiClient } from '../../helpers/metadata-api';
import { login, useTestApps } from '../../helpers/test-app';
import { describeEachDatabase, testDatabases } from '../../helpers/test-databases';

const TABLE = 'Shipping Notes';

/** Indexes, triggers and index tables the database keeps for the table. */
const physicalObjects = async (knex: Knex, client: string): Promise<number> => {
  if (client === 'sqlite') {
    const rows = (await knex.raw(
      "SELECT count(*) AS n FROM sqlite_master WHERE tbl_name = ? OR (type = 'table' AND sql LIKE ?)",
      [TABLE, `%content=${JSON.stringify(TABLE)}%`],
    )) as { n: number }[];
    return Number(rows[0]?.n);
  }
  if (client === 'pg') {
    const { rows } = (await knex.raw('SELECT count(*) AS n FROM pg_indexes WHERE tablename = ?', [
      TABLE,
    ])) as {
      rows: { n: string }[];
    };
    return Number(rows[0]?.n);
  }
  // Indexes of the table, its triggers, and the tables named after it (a Mroonga search table).
  const [rows] = (await knex.raw(
    `SELECT (SELECT count(*) FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ?)
          + (SELECT count(*) FROM information_schema.triggers WHERE trigger_schema = DATABASE() AND event_object_table = ?)
          + (SELECT count(*) FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name LIKE 'ft\\_%') AS n`,
    [TABLE, TABLE],
  )) as [{ n: number }[]];
  return Number(rows[0]?.n);
};

interface StoredTable {
  id: number;
  lastModifiedDate: number;
  columns: { id: number; name: string; indexType: string | null }[];
}

describeEachDatabase('a search index added to a reversed table in the designer ($name)', (db) => {
  const apps = useTestApps(db);

  it('indexes a chosen text column in the database, and keyword search finds the same rows, then stops using it', async () => {
    await indexesAndReleases(await apps.build(), db.name);
  });
});

describe.each(testDatabases().filter((db) => db.name === 'mysql'))(
  'a search index added to a reversed table, kept in InnoDB bigrams ($name)',
  (db) => {
    const apps = useTestApps(db);

    it('indexes a chosen text column in the database, and keyword search finds the same rows, then stops using it', async () => {
      const config = apps.config();
      const app = await apps.build(
        {},
        {
          ...config,
          dataSources: config.dataSources.map((source) => ({ ...source, searchIndex: 'innodb' as const })),
        },
      );
      expect((await fullTextFor(app.dataSources.primary.knex)).method).toBe('innodb-bigram');
      await indexesAndReleases(app, db.name);
    });
  },
);

/** Reverses a table of another application on `app`'s primary source, indexes a column, searches, releases it. */
const indexesAndReleases = async (app: App, client: string): Promise<void> => {
  {
    const { cookie } = await login(app);
    const api = apiClient(app, cookie);
    const knex = app.dataSources.primary.knex;
    const stale = (await api.get('/api/metadata/tables?reverse=true&limit=100')).json() as { id: number }[];
    if (stale.length > 0)
      await api.delete(
        '/api/metadata/tables?isDropPhysicalTable=false',
        stale.map((table) => table.id),
      );
    await knex.schema.dropTableIfExists(TABLE);
    // Another application's table: a key, a note in Chinese and English.
    await knex.schema.createTable(TABLE, (t) => {
      t.increments('id');
      t.string('note', 200);
      t.integer('weight');
    });
    const notes = ['杭州市物流中心', '上海仓库', 'Hangzhou depot', '杭州西站', null];
    await knex(TABLE).insert(notes.map((note, i) => ({ note, weight: i })));
    const columnsBefore = (await knex(TABLE).columnInfo()) as Record<string, unknown>;

    const reversed = await api.post('/api/metadata/tables/metadatas/reverse', [TABLE]);
    expect(reversed.statusCode, reversed.body).toBe(201);
    const [id] = reversed.json() as number[];
    const name = 'shippingNotes';
    const search = async (keyword: string) => {
      const list = await api.get(
        `/api/business/${name}?search=${encodeURIComponent(keyword)}&orderby=id%20ASC`,
      );
      const count = await api.get(`/api/business/${name}/count?search=${encodeURIComponent(keyword)}`);
      expect(list.statusCode, list.body).toBe(200);
      return {
        notes: (list.json() as { note: string }[]).map((row) => row.note),
        count: count.json() as number,
      };
    };
    const before = await Promise.all(['杭州', '物流', 'depot', 'HANGZHOU', '无此'].map(search));
    const objectsBefore = await physicalObjects(knex, client);
    const indexed = (await fullTextFor(knex)).method !== 'like';

    // The designer's change: the note column gets a FULLTEXT index.
    const stored = (await api.get(`/api/metadata/tables/${id}`)).json() as StoredTable;
    const patched = await api.patch(`/api/metadata/tables/${id}`, {
      lastModifiedDate: stored.lastModifiedDate,
      columns: stored.columns.map((column) =>
        column.name === 'note' ? { ...column, indexType: 'FULLTEXT' } : column,
      ),
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const withIndex = (await api.get(`/api/metadata/tables/${id}`)).json() as StoredTable;
    expect(withIndex.columns.find((column) => column.name === 'note')?.indexType).toBe('FULLTEXT');
    // The database keeps an index (where the dialect has one; else search scans, as before).
    if (indexed) expect(await physicalObjects(knex, client)).toBeGreaterThan(objectsBefore);

    // The same answers through the index; the table itself kept its columns and rows.
    expect(await Promise.all(['杭州', '物流', 'depot', 'HANGZHOU', '无此'].map(search))).toEqual(before);
    expect(before[0]).toEqual({ notes: ['杭州市物流中心', '杭州西站'], count: 2 });
    expect(before[2]).toEqual({ notes: ['Hangzhou depot'], count: 1 });
    expect(Object.keys((await knex(TABLE).columnInfo()) as object).sort()).toEqual(
      Object.keys(columnsBefore).sort(),
    );
    // Rows written afterwards are found (the database keeps the index).
    expect((await api.post(`/api/business/${name}`, { note: '杭州东站', weight: 9 })).statusCode).toBe(201);
    expect((await search('杭州')).count).toBe(3);
    await knex(TABLE).where('note', '杭州西站').update({ note: '宁波站' });
    expect(await search('杭州')).toEqual({ notes: ['杭州市物流中心', '杭州东站'], count: 2 });

    // Taken away again: search still answers, by scanning.
    const current = (await api.get(`/api/metadata/tables/${id}`)).json() as StoredTable;
    const dropped = await api.patch(`/api/metadata/tables/${id}`, {
      lastModifiedDate: current.lastModifiedDate,
      columns: current.columns.map((column) =>
        column.name === 'note' ? { ...column, indexType: null } : column,
      ),
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(await physicalObjects(knex, client)).toBe(objectsBefore);
    expect(await search('杭州')).toEqual({ notes: ['杭州市物流中心', '杭州东站'], count: 2 });
    expect(Number(((await knex(TABLE).count({ n: '*' }).first()) as { n: unknown }).n)).toBe(6);

    // Indexed again, then the table is given back (metadata deleted, the table kept): the index
    // crudboard added goes with it, the rows stay.
    const again = (await api.get(`/api/metadata/tables/${id}`)).json() as StoredTable;
    const reindexed = await api.patch(`/api/metadata/tables/${id}`, {
      lastModifiedDate: again.lastModifiedDate,
      columns: again.columns.map((column) =>
        column.name === 'note' ? { ...column, indexType: 'FULLTEXT' } : column,
      ),
    });
    expect(reindexed.statusCode, reindexed.body).toBe(200);
    if (indexed) expect(await physicalObjects(knex, client)).toBeGreaterThan(objectsBefore);
    const released = await api.delete('/api/metadata/tables?isDropPhysicalTable=false', [id]);
    expect(released.statusCode, released.body).toBe(204);
    expect(await physicalObjects(knex, client)).toBe(objectsBefore);
    expect(Number(((await knex(TABLE).count({ n: '*' }).first()) as { n: unknown }).n)).toBe(6);
  }
};
