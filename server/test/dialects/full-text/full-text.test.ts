import { describe, expect, it } from 'vitest';
import { dialectOf } from '../../../src/db/dialect';
import { metadata002SqliteBigrams } from '../../../src/db/migrations/metadata-002-sqlite-bigrams';
import { metadata004SqliteDeletedMarks } from '../../../src/db/migrations/metadata-004-sqlite-deleted-marks';
import { fullTextFor } from '../../../src/dialects/full-text/full-text-for';
import { sqliteFullTextNames } from '../../../src/dialects/full-text/sqlite-full-text';
import type { FullTextMethod, FullTextTable } from '../../../src/dialects/full-text/full-text';
import { fullTextTarget } from '../../../src/services/ddl/physical-objects';
import { listTables } from '../../../src/services/metadata-store';
import { createTable } from '../../../src/services/tables/create-table';
import { tableDefFromStored } from '../../../src/services/tables/table-def-from-body';
import { updateTable } from '../../../src/services/tables/update-table';
import { SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { clearTables, physicalTables } from '../../helpers/physical-schema';
import type { App } from '../../../src/app';
import { useTestApps } from '../../helpers/test-app';
import { describeEachDatabase, testDatabases } from '../../helpers/test-databases';

const METHOD = { sqlite: 'fts5-trigram', pg: 'pg-trgm', mysql: 'mroonga-bigram' } as const;
const BODIES = [
  '中华人民共和国成立',
  'hello world programming',
  '数据库管理系统',
  'another World thing',
  'rate 100% done_now',
];

describeEachDatabase('full-text search index ($name)', (db) => {
  const apps = useTestApps(db);

  it('finds Chinese 2- and 3-character substrings and English words, and follows writes', async () => {
    // MARIADB_SEARCH_INDEX=innodb runs the suites on InnoDB bigrams (test-databases.ts).
    const innodb = db.name === 'mysql' && process.env.MARIADB_SEARCH_INDEX === 'innodb';
    await findsAndFollows(await apps.build(), innodb ? 'innodb-bigram' : METHOD[db.name]);
  });
});

describe.each(testDatabases().filter((db) => db.name === 'mysql'))(
  'MariaDB InnoDB bigram index, the data source preferring it to Mroonga ($name)',
  (db) => {
    const apps = useTestApps(db);

    it('finds Chinese 2- and 3-character substrings and English words, and follows writes', async () => {
      const config = apps.config();
      const innodb = {
        ...config,
        dataSources: config.dataSources.map((source) => ({ ...source, searchIndex: 'innodb' as const })),
      };
      await findsAndFollows(await apps.build({}, innodb), 'innodb-bigram');
    });

    it('scans a table whose index another method made, until it is made again', async () => {
      const config = apps.config();
      const innodb = await apps.build(
        {},
        {
          ...config,
          dataSources: config.dataSources.map((source) => ({ ...source, searchIndex: 'innodb' as const })),
        },
      );
      const mroonga = await apps.build(
        {},
        { ...config, dataSources: config.dataSources.map(({ searchIndex: _none, ...source }) => source) },
      );
      for (const [maker, reader] of [
        [innodb, mroonga],
        [mroonga, innodb],
      ] as const) {
        const knex = maker.dataSources.primary.knex;
        await clearTables(knex);
        const id = await createTable(knex, { name: 'memo', columns: SYSTEM_COLUMNS });
        await knex('memo').insert([
          { name: 'a', fullTextBody: '人民日报', createdDate: '2024-01-01 00:00:00' },
          { name: 'b', fullTextBody: '日报', createdDate: '2024-01-01 00:00:00' },
        ]);
        const [stored] = await listTables(knex, [id]);
        const described = fullTextTarget(tableDefFromStored(stored!)) as FullTextTable;
        const readerKnex = reader.dataSources.primary.knex;
        const fullText = await fullTextFor(readerKnex);
        const statements: string[] = [];
        const record = (query: { sql: string }) => statements.push(query.sql);
        readerKnex.on('query', record);
        const target = await fullText.inspect!(readerKnex, described, '人民');
        expect(target.missing, fullText.method).toBe(true);
        const found = await fullText.matchCondition(readerKnex('memo').select('id'), target, '人民', 10);
        const page = readerKnex('memo').select('memo.id');
        expect(fullText.driveInRowidOrder!(readerKnex, page, target, '人民', 'desc')).toBe(true);
        const pageRows = await page.limit(10);
        readerKnex.off('query', record);
        expect(found.map((row: { id: unknown }) => Number(row.id))).toEqual([1]);
        expect(pageRows.map((row: { id: unknown }) => Number(row.id))).toEqual([1]);
        expect(statements.some((sql) => sql.includes('MATCH('))).toBe(false);
      }
    });
  },
);

/** Builds a table with a FULLTEXT column on `app`'s primary source and searches it through `method`. */
const findsAndFollows = async (app: App, method: FullTextMethod): Promise<void> => {
  {
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    const fullText = await fullTextFor(knex);
    expect(fullText.method).toBe(method);
    const id = await createTable(knex, { name: 'article', columns: SYSTEM_COLUMNS });
    const [stored] = await listTables(knex, [id]);
    const described = fullTextTarget(tableDefFromStored(stored!)) as FullTextTable;
    for (const [i, body] of BODIES.entries()) {
      await knex('article').insert({ name: `a${i}`, fullTextBody: body, createdDate: '2024-01-01 00:00:00' });
    }
    const search = async (keyword: string) => {
      const target = fullText.inspect ? await fullText.inspect(knex, described, keyword) : described;
      return (await fullText.matchCondition(knex('article').select('id').orderBy('id'), target, keyword)).map(
        (row: { id: unknown }) => Number(row.id),
      );
    };

    const statements: string[] = [];
    const record = (query: { sql: string }) => statements.push(query.sql);
    knex.on('query', record);
    expect(await search('人民')).toEqual([1]);
    knex.off('query', record);
    // Mroonga answers the term (the others' indexes are part of the table itself; MariaDB's InnoDB
    // bigrams leave a term in a fifth of the rows to the scan).
    if (method === 'mroonga-bigram') expect(statements.some((sql) => sql.includes('MATCH('))).toBe(true);
    expect(await search('管理系')).toEqual([3]);
    expect(await search('共和国成立')).toEqual([1]);
    expect(await search('world')).toEqual([2, 4]);
    expect(await search('gram')).toEqual([2]);
    expect(await search('库')).toEqual([3]);
    expect(await search('hello  world')).toEqual([2]);
    expect(await search('100%')).toEqual([5]);
    expect(await search('e_n')).toEqual([5]);
    expect(await search('0%d')).toEqual([]);
    expect(await search('"quoted"')).toEqual([]);
    expect(await search('HE')).toEqual([2, 4]);
    expect(await search('e_')).toEqual([5]);

    await knex('article').where('id', 2).update({ fullTextBody: 'goodbye' });
    await knex('article').where('id', 1).delete();
    expect(await search('world')).toEqual([4]);
    expect(await search('人民')).toEqual([]);
    await knex('article').insert({
      name: 'new',
      fullTextBody: '人民日报',
      createdDate: '2024-01-01 00:00:00',
    });
    expect(await search('人民')).toEqual([6]);
    await knex('article').where('id', 6).update({ name: 'renamed' });
    expect(await search('人民')).toEqual([6]);

    const tablesWithIndex = await physicalTables(knex);
    await updateTable(knex, id, {
      columns: stored!.columns.map((column) =>
        column.name === 'fullTextBody' ? { ...column, indexType: 'NONE' as const } : column,
      ),
    });
    const ftTables = (names: string[]) => names.filter((name) => name.startsWith('cb_ft_'));
    if (dialectOf(knex) === 'pg') {
      const indexes = await knex('pg_indexes').select('indexname').where('tablename', 'article');
      expect(indexes.map((row) => row.indexname).filter((name: string) => name.startsWith('cb_ft_'))).toEqual(
        [],
      );
    } else {
      expect(ftTables(tablesWithIndex).length).toBeGreaterThan(0);
      expect(ftTables(await physicalTables(knex))).toEqual([]);
    }
    expect(
      (await knex('article').select('fullTextBody').orderBy('id')).map((row) => row.fullTextBody),
    ).toContain('人民日报');
  }
};

describe.each(testDatabases().filter((db) => db.name === 'sqlite'))('SQLite bigram index ($name)', (db) => {
  const apps = useTestApps(db);

  it('answers two-character terms from the index, for any length of body, in rowid order', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    const fullText = await fullTextFor(knex);
    const id = await createTable(knex, { name: 'note', columns: SYSTEM_COLUMNS });
    const [stored] = await listTables(knex, [id]);
    const target = await fullText.inspect!(
      knex,
      fullTextTarget(tableDefFromStored(stored!)) as FullTextTable,
    );
    expect(target).toMatchObject({ bigrams: true, rowidKey: 'id' });
    const bodies = [
      `${'甲'.repeat(3_000)}长尾`,
      '物流跟踪',
      null,
      '物',
      'Ab物流 cd',
      `${'x'.repeat(1_030)}流物`,
    ];
    for (const [i, body] of bodies.entries()) {
      await knex('note').insert({ name: `n${i}`, fullTextBody: body, createdDate: '2024-01-01 00:00:00' });
    }
    const count = async (keyword: string) => {
      const statement = fullText.countMatches!(knex, target, keyword);
      expect(statement).not.toBeNull();
      return Number(((await statement) as { n: unknown }).n);
    };
    expect(await count('长尾')).toBe(1);
    expect(await count('甲长')).toBe(1);
    expect(await count('物流')).toBe(2);
    expect(await count('流物')).toBe(1);
    expect(await count('AB')).toBe(1);
    expect(await count('物流 跟踪')).toBe(1);
    expect(await count('物流 ab物')).toBe(1);
    expect(fullText.countMatches!(knex, target, 'b ')).toBeNull();

    const page = async (keyword: string, direction: 'asc' | 'desc', limit: number) => {
      const query = knex('note').select('note.id');
      expect(fullText.driveInRowidOrder!(knex, query, target, keyword, direction)).toBe(true);
      return (await query.limit(limit)).map((row: { id: unknown }) => Number(row.id));
    };
    expect(await page('物流', 'desc', 10)).toEqual([5, 2]);
    expect(await page('物流', 'asc', 1)).toEqual([2]);
    expect(await page('甲甲甲', 'desc', 10)).toEqual([1]);
    expect(await page('物流 cd', 'desc', 10)).toEqual([5]);
    expect(fullText.driveInRowidOrder!(knex, knex('note'), target, 'b', 'desc')).toBe(false);

    await knex('note').where('id', 2).update({ fullTextBody: '仓储' });
    await knex('note').where('id', 5).delete();
    expect(await count('物流')).toBe(0);
    expect(await count('仓储')).toBe(1);

    // An index built before bigrams existed is rebuilt with them by the migration.
    await knex.raw('DROP TABLE ??', [sqliteFullTextNames('note').bigrams]);
    const old = await fullText.inspect!(knex, target);
    expect(old.bigrams).toBe(false);
    expect(fullText.countMatches!(knex, old, '仓储')).toBeNull();
    await metadata002SqliteBigrams.up(knex);
    const rebuilt = await fullText.inspect!(knex, target);
    expect(rebuilt.bigrams).toBe(true);
    // Built as this version builds it: with the marks of the table's soft-delete flag.
    expect(rebuilt.flag).toEqual(expect.objectContaining({ name: 'isDeleted' }));
    expect(await count('仓储')).toBe(1);
    expect(await count('长尾')).toBe(1);
  });

  it('counts the matches whose soft-delete flag is false from marks in the index, and follows flag changes', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    const fullText = await fullTextFor(knex);
    const id = await createTable(knex, { name: 'memo', columns: SYSTEM_COLUMNS });
    const [stored] = await listTables(knex, [id]);
    const described = fullTextTarget(tableDefFromStored(stored!)) as FullTextTable;
    const target = await fullText.inspect!(knex, described);
    expect(target.flag).toEqual(expect.objectContaining({ name: 'isDeleted' }));
    const rows: [string | null, boolean | null][] = [
      ['物流中心 del', false],
      ['物流中心', true],
      ['物流中心 model', null],
      ['仓储 DEL', false],
      [null, true],
      ['物流', false],
    ];
    for (const [i, [body, isDeleted]] of rows.entries()) {
      await knex('memo').insert({
        name: `m${i}`,
        fullTextBody: body,
        isDeleted,
        createdDate: '2024-01-01 00:00:00',
      });
    }
    const unflagged = { flag: 'isDeleted' };
    // With marks the rows left out are never looked up: the index leaves them out itself.
    const marked = fullText.countMatches!(knex, target, '物流', unflagged);
    expect(marked?.toQuery()).not.toContain('NOT IN');
    const count = async (keyword: string, only = true, on: FullTextTable = target) =>
      Number(
        ((await fullText.countMatches!(knex, on, keyword, only ? unflagged : undefined)) as { n: unknown }).n,
      );
    const search = async (keyword: string) =>
      (await fullText.matchCondition(knex('memo').select('id').orderBy('id'), target, keyword)).map(
        (row: { id: unknown }) => Number(row.id),
      );
    expect(await count('物流')).toBe(2);
    expect(await count('物流', false)).toBe(4);
    expect(await count('物流中心')).toBe(1);
    expect(await count('物流中心', false)).toBe(3);
    expect(await count('物流 中心')).toBe(1);
    // The mark is not a word of the body: "del" finds the bodies with it only.
    expect(await count('del', false)).toBe(3);
    expect(await count('del')).toBe(2);
    expect(await search('del')).toEqual([1, 3, 4]);
    expect(await search('物流中心 del')).toEqual([1, 3]);

    await knex('memo').where('id', 2).update({ isDeleted: false });
    await knex('memo').where('id', 1).update({ isDeleted: true });
    await knex('memo').where('id', 6).update({ isDeleted: null });
    expect(await count('物流')).toBe(1);
    expect(await count('物流中心')).toBe(1);
    await knex('memo').where('id', 2).update({ fullTextBody: '仓储中心' });
    expect(await count('物流中心')).toBe(0);
    expect(await count('仓储')).toBe(2);
    await knex('memo').where('id', 4).delete();
    expect(await count('仓储')).toBe(1);
    expect(await count('del')).toBe(0);
    expect(await count('del', false)).toBe(2);

    // An index built before marks existed counts by lookups, until the migration builds it again.
    await fullText.dropIndex(knex, described);
    await fullText.createIndex(knex, { ...described, flag: null });
    const old = await fullText.inspect!(knex, described);
    expect(old.flag).toBeNull();
    const lookups = { flag: 'isDeleted' };
    expect(fullText.countMatches!(knex, old, '仓储', lookups)?.toQuery()).toContain('NOT IN');
    const viaLookups = async (keyword: string) =>
      Number(((await fullText.countMatches!(knex, old, keyword, lookups)) as { n: unknown }).n);
    expect(await viaLookups('仓储')).toBe(1);
    expect(await viaLookups('物流中心')).toBe(0);
    await metadata004SqliteDeletedMarks.up(knex);
    const rebuilt = await fullText.inspect!(knex, described);
    expect(rebuilt.flag).toEqual(expect.objectContaining({ name: 'isDeleted' }));
    expect(await count('仓储', true, rebuilt)).toBe(1);
    expect(await count('物流', true, rebuilt)).toBe(0);
    expect(await count('物流', false, rebuilt)).toBe(3);
  });
});
