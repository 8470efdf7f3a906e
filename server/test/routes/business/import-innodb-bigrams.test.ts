import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../src/app';
import { fullTextFor } from '../../../src/dialects/full-text/full-text-for';
import { mariadbBigramFullText, mariadbBigramNames } from '../../../src/dialects/full-text/mariadb-bigrams';
import { MAX_STAGED_CHARACTERS } from '../../../src/dialects/full-text/mariadb-staged-bigrams';
import { createTable } from '../../helpers/business-tables';
import { keyedFullTextTable } from '../../helpers/keyed-full-text-table';
import { apiClient, SYSTEM_COLUMNS, type ApiClient } from '../../helpers/metadata-api';
import { multipartBody } from '../../helpers/multipart';
import { clearTables } from '../../helpers/physical-schema';
import { login, useTestApps } from '../../helpers/test-app';
import { testDatabases } from '../../helpers/test-databases';
import { upgradeSearchIndexes } from '../../../src/services/tables/upgrade-search-indexes';
import { xlsxBook } from '../../helpers/xlsx-book';

/** Texts an import stages the bigrams of: CJK, Latin in every case, full-width, 4-byte, ignorable characters. */
const PIECES = [
  '物流',
  '杭州市',
  '彭涵',
  'Urgent',
  'URGENT',
  'ｕｒｇｅｎｔ',
  '２０２６',
  '😀表情',
  '物\u200B流',
  'a_b',
  '%',
];

const remarks = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => {
    const words = [PIECES[i % PIECES.length], PIECES[(i * 7) % PIECES.length], `第${i % 50}号`];
    return words.join(i % 2 ? ' ' : '');
  });

const upload = async (app: App, cookie: string, rows: unknown[][], query = '') => {
  const { payload, headers } = multipartBody([
    { name: 'file', value: await xlsxBook([['name', 'remark'], ...rows]), filename: 'notes.xlsx' },
  ]);
  return app.inject({
    method: 'POST',
    url: `/api/business/note/import${query}`,
    payload,
    headers: { ...headers, cookie },
  });
};

/** Each stored search body's bigrams, as the search table holds them. */
const gramsByText = async (knex: Knex, table: string): Promise<Map<string, string>> => {
  const names = mariadbBigramNames(table);
  const rows = (await knex(table)
    .join(names.table, `${table}.id`, `${names.table}.rowKey`)
    .select(`${table}.fullTextBody as text`, `${names.table}.grams as grams`)) as {
    text: string;
    grams: string;
  }[];
  return new Map(rows.map((row) => [row.text, row.grams]));
};

/** Clears the database, then makes `note` and `noteByHand` (a remark and the search body) through the API. */
const noteTables = async (app: App) => {
  const knex = app.dataSources.primary.knex;
  const { cookie } = await login(app);
  await clearTables(knex);
  const api = apiClient(app, cookie);
  const columns = [...SYSTEM_COLUMNS, { name: 'remark', caption: '备注', dataType: 'TEXT', queryable: true }];
  await createTable(api, { name: 'note', columns });
  await createTable(api, { name: 'noteByHand', columns });
  return { knex, cookie, api };
};

/** The same rows created one by one in `noteByHand`, whose insert trigger makes each text's bigrams itself. */
const createByHand = async (api: ApiClient, rows: unknown[][]) => {
  for (const [name, remark] of rows) {
    const created = await api.post('/api/business/noteByHand', { name, remark });
    expect(created.statusCode, created.body).toBe(201);
  }
};

const searched = async (api: ApiClient, table: string, keyword: string): Promise<string[]> => {
  const response = await api.get(`/api/business/${table}?limit=1000&search=${encodeURIComponent(keyword)}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { fullTextBody: string }[]).map((row) => row.fullTextBody).sort();
};

describe.each(testDatabases().filter((db) => db.name === 'mysql'))(
  'an import into a table with MariaDB InnoDB bigrams ($name)',
  (db) => {
    const apps = useTestApps(db);
    /** An app whose data source keeps its search index in InnoDB bigram tables, even beside Mroonga. */
    const innodbApp = () => {
      const config = apps.config();
      const sources = config.dataSources.map((source) => ({ ...source, searchIndex: 'innodb' as const }));
      return apps.build({}, { ...config, dataSources: sources });
    };

    it('stages its rows’ bigrams at once, exactly as the insert trigger makes them row by row', async () => {
      const app = await innodbApp();
      const { knex, cookie, api } = await noteTables(app);
      expect((await fullTextFor(knex)).method).toBe('innodb-bigram');

      const long = `${'长文'.repeat(MAX_STAGED_CHARACTERS)}尾巴彭涵`;
      const rows: unknown[][] = [
        ...remarks(900).map((remark, i) => [`导入${i}`, remark]),
        // the same text twice, one character, a text too long to stage
        ['重复', '同一段文字'],
        ['重复', '同一段文字'],
        ['x', null],
        ['长', long],
      ];
      const statements: string[] = [];
      const record = (query: { sql: string }) => statements.push(query.sql);
      knex.on('query', record);
      const response = await upload(app, cookie, rows);
      knex.off('query', record);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ inserted: rows.length, failedRows: 0 });
      const names = mariadbBigramNames('note');
      // One batch written in several INSERTs, each with its bigrams staged: the index is looked up once.
      expect(statements.filter((sql) => sql.startsWith('insert into `note`')).length).toBeGreaterThan(1);
      expect(
        statements.filter((sql) => sql.startsWith(`INSERT IGNORE INTO \`${names.staged}\``)).length,
      ).toBeGreaterThan(1);
      expect(statements.filter((sql) => sql.includes('CONNECTION_ID()'))).toHaveLength(1);
      // Nothing stays staged.
      expect(await knex(names.staged).count({ n: '*' })).toEqual([{ n: 0 }]);

      // The same rows through single-row creates: the trigger makes each text's bigrams itself.
      await createByHand(api, rows);
      const imported = await gramsByText(knex, 'note');
      const byHand = await gramsByText(knex, 'noteByHand');
      expect(imported.size).toBe(rows.length - 1);
      expect([...imported.keys()].sort()).toEqual([...byHand.keys()].sort());
      for (const [text, grams] of byHand) expect(imported.get(text), text.slice(0, 40)).toBe(grams);
      expect(imported.get(`长 ${long}`)?.length).toBeGreaterThan(MAX_STAGED_CHARACTERS);

      // Keywords rare enough for the index find the same rows in both tables.
      for (const keyword of ['尾巴彭涵', '第7号', 'urgent第3', '同一段']) {
        const found = await searched(api, 'note', keyword);
        expect(found.length, keyword).toBeGreaterThan(0);
        expect(found, keyword).toEqual(await searched(api, 'noteByHand', keyword));
      }
    });

    it('has the insert trigger take staged bigrams instead of making them, for its own connection only', async () => {
      const app = await apps.build();
      const knex = app.dataSources.primary.knex;
      await clearTables(knex);
      await knex.schema.createTable('raw_note', (t) => {
        t.charset('utf8mb4');
        t.collate('utf8mb4_unicode_ci');
        t.bigIncrements('id');
        t.text('fullTextBody', 'longtext');
      });
      const target = keyedFullTextTable('raw_note');
      await mariadbBigramFullText.createIndex(knex, target);
      const names = mariadbBigramNames('raw_note');
      await knex.transaction(async (trx) => {
        const prepare = await mariadbBigramFullText.insertPreparer?.(trx, target);
        expect(prepare).toBeTypeOf('function');
        const done = await prepare!(['甲乙丙', '丁戊']);
        // Marked, so that the search table shows where each row's bigrams came from.
        await trx(names.staged).update({ grams: trx.raw("CONCAT('staged ', grams)") });
        await trx('raw_note').insert([{ fullTextBody: '甲乙丙' }, { fullTextBody: '丁戊' }]);
        // Another connection's insert of the same text makes its bigrams itself.
        await knex('raw_note').insert({ fullTextBody: '甲乙丙' });
        await done();
      });
      const grams = (await knex(names.table).orderBy('rowKey').pluck('grams')) as string[];
      expect(grams).toHaveLength(3);
      expect(grams[0]).toMatch(/^staged [0-9A-F]+G[0-9A-F]+ [0-9A-F]+G[0-9A-F]+ $/);
      expect(grams[1]).toMatch(/^staged [0-9A-F]+G[0-9A-F]+ $/);
      expect(grams[2]).toMatch(/^[0-9A-F]+G/);
      expect(`staged ${grams[2]}`).toBe(grams[0]);
      expect(await knex(names.staged).count({ n: '*' })).toEqual([{ n: 0 }]);
      await mariadbBigramFullText.dropIndex(knex, target);
      expect(await knex.schema.hasTable(names.staged)).toBe(false);
    });

    it('gives an index made before imports staged their bigrams its staging table at start-up', async () => {
      let app = await innodbApp();
      let { knex } = await noteTables(app);
      const names = mariadbBigramNames('note');
      const insertTrigger = async () => {
        const [rows] = (await knex.raw(
          `SELECT ACTION_STATEMENT AS body FROM information_schema.TRIGGERS
           WHERE TRIGGER_SCHEMA = DATABASE() AND TRIGGER_NAME = ?`,
          [names.afterInsert],
        )) as unknown as [{ body: string }[]];
        return rows[0]?.body ?? '';
      };
      // As an earlier release made it: no staging table, and a trigger that always runs its loop.
      const staging = /SET cb_grams = \(SELECT grams FROM `[^`]+` WHERE conn = CONNECTION_ID\(\)[^;]*;/;
      expect(await insertTrigger()).toMatch(staging);
      await knex.raw(
        `CREATE OR REPLACE TRIGGER ?? AFTER INSERT ON ?? FOR EACH ROW ${(await insertTrigger()).replace(staging, 'SET cb_grams = NULL;')}`,
        [names.afterInsert, 'note'],
      );
      await knex.schema.dropTable(names.staged);
      expect(await insertTrigger()).not.toContain(names.staged);
      await app.close();

      // The next start brings it up to date, once.
      app = await innodbApp();
      knex = app.dataSources.primary.knex;
      expect(await knex.schema.hasTable(names.staged)).toBe(true);
      expect(await insertTrigger()).toMatch(staging);
      expect(await upgradeSearchIndexes(knex, { name: 'primary', knex })).toEqual([]);

      // Its imports stage their bigrams, which are those the trigger makes itself.
      const rows = remarks(300).map((remark, i) => [`导入${i}`, remark]);
      const statements: string[] = [];
      const record = (query: { sql: string }) => statements.push(query.sql);
      knex.on('query', record);
      const response = await upload(app, (await login(app)).cookie, rows);
      knex.off('query', record);
      expect(response.statusCode, response.body).toBe(201);
      expect(statements.some((sql) => sql.startsWith(`INSERT IGNORE INTO \`${names.staged}\``))).toBe(true);
      await createByHand(apiClient(app, (await login(app)).cookie), rows);
      const imported = await gramsByText(knex, 'note');
      const byHand = await gramsByText(knex, 'noteByHand');
      expect(imported.size).toBe(byHand.size);
      for (const [text, grams] of byHand) expect(imported.get(text), text).toBe(grams);
    });

    it('leaves nothing staged and no bigrams behind when a multi-row insert fails and the import with it', async () => {
      const app = await innodbApp();
      const knex = app.dataSources.primary.knex;
      const { cookie } = await login(app);
      await clearTables(knex);
      const api = apiClient(app, cookie);
      await createTable(api, {
        name: 'note',
        columns: [
          ...SYSTEM_COLUMNS,
          {
            name: 'remark',
            caption: '备注',
            dataType: 'VARCHAR',
            length: 40,
            indexType: 'UNIQUE',
            queryable: true,
          },
        ],
      });
      const names = mariadbBigramNames('note');
      const statements: string[] = [];
      const record = (query: { sql: string }) => statements.push(query.sql);
      knex.on('query', record);
      // The database refuses the second 重复 (its unique index): the batch's INSERT fails as a whole.
      const response = await upload(app, cookie, [
        ...remarks(50).map((remark, i) => [`导入${i}`, `${i}${remark}`]),
        ['甲', '重复'],
        ['乙', '重复'],
      ]);
      knex.off('query', record);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ failedRows: 1 });
      expect(statements.some((sql) => sql.startsWith(`INSERT IGNORE INTO \`${names.staged}\``))).toBe(true);
      expect(await knex('note').count({ n: '*' })).toEqual([{ n: 0 }]);
      expect(await knex(names.table).count({ n: '*' })).toEqual([{ n: 0 }]);
      expect(await knex(names.staged).count({ n: '*' })).toEqual([{ n: 0 }]);
    });
  },
);
