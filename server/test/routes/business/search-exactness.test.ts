import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY_LIMITS, type AppConfig } from '../../../src/config';
import { dialectOf } from '../../../src/db/dialect';
import { fullTextFor } from '../../../src/dialects/full-text/full-text-for';
import { SAMPLE_ROWS } from '../../../src/dialects/full-text/mysql-key-order';
import { apiClient, SYSTEM_COLUMNS, type ApiClient } from '../../helpers/metadata-api';
import { createTable } from '../../helpers/business-tables';
import { clearTables } from '../../helpers/physical-schema';
import { login, useTestApps, type TestApps } from '../../helpers/test-app';
import { describeEachDatabase, testDatabases } from '../../helpers/test-databases';

/** Pieces the records' texts are made of: CJK, Latin in every case, digits, wildcards, quotes. */
const PIECES = [
  '物流',
  '杭州市',
  '彭涵',
  '中华人民共和国',
  'Urgent',
  'urgent',
  'URGENT',
  'hello',
  '2026',
  '100%',
  'a_b',
  "O'Brien",
  'say "hi"',
  'C:\\dir',
  '订单第12号',
  'x',
  // U+200B: the collation and Mroonga's normaliser ignore it, a substring match does not.
  '物\u200B流',
];

/** Deterministic pseudo-random numbers, so every run holds the same rows. */
const numbers = (seed: number) => {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % below;
  };
};

/** Keywords to search: 1-, 2- and 3-character CJK, Latin in other cases, digits, wildcards, quotes. */
const KEYWORDS = [
  '物',
  '流',
  '物流',
  '杭州市',
  '彭涵',
  '涵',
  '人民共',
  'urgent',
  'URGENT',
  'Urg',
  'ur',
  'u',
  '20',
  '2',
  '100%',
  '%',
  '0%',
  '_',
  'a_b',
  'a_',
  "'",
  "O'B",
  '"hi"',
  '"',
  '\\',
  'C:\\',
  '第12',
  '物流 urgent',
  '杭州市 2026 彭',
  'tail彭涵',
  'none',
];

const searched = async (api: ApiClient, keyword: string): Promise<number[]> => {
  const response = await api.get(`/api/business/note?limit=1000&search=${encodeURIComponent(keyword)}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { id: unknown }[]).map((row) => Number(row.id)).sort((a, b) => a - b);
};

/** The list view's request: the newest two matches and a total counted up to the app's bound of 3. */
const expectPageWithTotal = async (api: ApiClient, keyword: string, matches: number[]): Promise<void> => {
  const response = await api.get(
    `/api/business/note?limit=2&withTotal=true&search=${encodeURIComponent(keyword)}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  const { data, total, totalExact } = response.json() as {
    data: { id: unknown }[];
    total: number;
    totalExact: boolean;
  };
  expect(
    data.map((row) => Number(row.id)),
    keyword,
  ).toEqual([...matches].reverse().slice(0, 2));
  // SQLite counts a keyword's matches exactly from its index; elsewhere the count stops at 3.
  expect({ total, totalExact }, keyword).toEqual(
    totalExact ? { total: matches.length, totalExact } : { total: 3, totalExact },
  );
  if (!totalExact) expect(matches.length, keyword).toBeGreaterThan(3);
};

describeEachDatabase('keyword search returns exactly what a plain scan returns ($name)', (db) => {
  const apps = useTestApps(db);

  it('matches every term as a case-insensitive substring of the search body, whatever index answers', async () => {
    await searchesExactly(apps, (config) => config);
  });
});

describe.each(testDatabases().filter((db) => db.name === 'mysql'))(
  'keyword search through MariaDB InnoDB bigrams returns exactly what a plain scan returns ($name)',
  (db) => {
    const apps = useTestApps(db);

    it('matches every term as a case-insensitive substring of the search body, whatever index answers', async () => {
      await searchesExactly(apps, (config) => ({
        ...config,
        dataSources: config.dataSources.map((source) => ({ ...source, searchIndex: 'innodb' as const })),
      }));
      const app = await apps.build(
        {},
        {
          ...apps.config(),
          dataSources: apps
            .config()
            .dataSources.map((source) => ({ ...source, searchIndex: 'innodb' as const })),
        },
      );
      expect((await fullTextFor(app.dataSources.primary.knex)).method).toBe('innodb-bigram');
    });
  },
);

/** Fills a table of 240 + 1,000 rows on `apps`' database and compares every keyword's results with a scan. */
const searchesExactly = async (
  apps: TestApps,
  configured: (config: AppConfig) => AppConfig,
): Promise<void> => {
  {
    const app = await apps.build({}, configured(apps.config()));
    const { cookie } = await login(app);
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    const api = apiClient(app, cookie);
    const columns = [
      ...SYSTEM_COLUMNS,
      { name: 'remark', caption: '备注', dataType: 'TEXT', queryable: true },
    ];
    await createTable(api, { name: 'note', columns });
    const next = numbers(7);
    const rows: { name: string; remark: string | null }[] = [];
    for (let i = 0; i < 240; i += 1) {
      const words = Array.from({ length: 1 + next(4) }, () => PIECES[next(PIECES.length)]!);
      // Rare pieces stay rare, so that PostgreSQL's statistics send them to the gram index.
      const rare = words.filter((word) => word !== '彭涵');
      const name = [...rare, ...(i % 40 === 0 ? ['彭涵'] : [])].join(next(2) ? ' ' : '');
      rows.push({ name: name || 'empty', remark: i % 3 === 0 ? PIECES[next(PIECES.length)]! : null });
    }
    // A text longer than any gram index keeps per row, with a rare term at its very end.
    rows.push({ name: 'long', remark: `${'abc '.repeat(4200)}tail彭涵` });
    for (const row of rows) {
      const response = await api.post('/api/business/note', row);
      expect(response.statusCode, response.body).toBe(201);
    }
    if (dialectOf(knex) === 'pg') await knex.raw('ANALYZE note');

    let stored: { id: unknown; fullTextBody: string | null }[] = [];
    const readStored = async () => {
      stored = await knex('note').select('id', 'fullTextBody');
    };
    await readStored();
    const expected = (keyword: string): number[] => {
      const terms = keyword.split(/\s+/u).filter((term) => term !== '');
      return stored
        .filter((row) =>
          terms.every((term) => (row.fullTextBody ?? '').toLowerCase().includes(term.toLowerCase())),
        )
        .map((row) => Number(row.id))
        .sort((a, b) => a - b);
    };
    for (const keyword of KEYWORDS) {
      expect(await searched(api, keyword), keyword).toEqual(expected(keyword));
    }
    // The rare terms are found at all (the check above would also hold for nothing found).
    expect(expected('彭涵').length).toBeGreaterThan(2);
    expect(await searched(api, 'tail彭涵')).toHaveLength(1);
    if (dialectOf(knex) === 'pg') {
      // PostgreSQL sends a rare term of one or two characters to its gram index, a common one not.
      const statements: string[] = [];
      const record = (query: { sql: string }) => statements.push(query.sql);
      knex.on('query', record);
      await searched(api, '彭涵');
      const rare = statements.splice(0).filter((sql) => sql.includes('"note"'));
      await searched(api, '物流');
      const common = statements.splice(0).filter((sql) => sql.includes('"note"'));
      knex.off('query', record);
      expect(rare.some((sql) => sql.includes('cb_grams_v1'))).toBe(true);
      expect(common.length).toBeGreaterThan(0);
      expect(common.some((sql) => sql.includes('cb_grams_v1'))).toBe(false);
    }

    // The list view's page and bounded total (a bound of 3 here). MariaDB reads a table smaller
    // than its sample of the newest rows by a scan in key order, never through Mroonga.
    const bounded = await apps.build(
      {},
      configured(apps.config({ queries: { ...DEFAULT_QUERY_LIMITS, countExactLimit: 3 } })),
    );
    const boundedApi = apiClient(bounded, (await login(bounded)).cookie);
    const statementsOf = async (work: () => Promise<unknown>): Promise<string[]> => {
      const statements: string[] = [];
      const record = (query: { sql: string }) => statements.push(query.sql);
      bounded.dataSources.primary.knex.on('query', record);
      await work();
      bounded.dataSources.primary.knex.off('query', record);
      return statements.filter((sql) => sql.includes('`note`'));
    };
    const mariadb = dialectOf(knex) === 'mysql';
    for (const keyword of KEYWORDS) await expectPageWithTotal(boundedApi, keyword, expected(keyword));
    if (mariadb) {
      const scanned = await statementsOf(() => expectPageWithTotal(boundedApi, '物流', expected('物流')));
      expect(scanned.some((sql) => sql.includes('MATCH('))).toBe(false);
      expect(scanned.filter((sql) => sql.includes('USE INDEX FOR ORDER BY (PRIMARY)'))).toHaveLength(2);
    }

    // As many newer rows as MariaDB samples, two of them with 物流: the sample finds 物流 rare
    // (its page is still read by a scan, its count through Mroonga) and every other keyword absent
    // (read through Mroonga).
    await knex.batchInsert(
      'note',
      Array.from({ length: SAMPLE_ROWS }, (_, i) => ({
        name: 'filler',
        fullTextBody: i % 500 === 0 ? 'zzz 物流' : 'zzz',
        createdDate: '2024-01-01 00:00:00',
        isDeleted: false,
      })),
      100,
    );
    if (dialectOf(knex) === 'pg') await knex.raw('ANALYZE note');
    await readStored();
    for (const keyword of KEYWORDS) {
      expect(await searched(api, keyword), keyword).toEqual(expected(keyword));
      await expectPageWithTotal(boundedApi, keyword, expected(keyword));
    }
    if (mariadb) {
      const common = await statementsOf(() => expectPageWithTotal(boundedApi, '物流', expected('物流')));
      expect(common.filter((sql) => sql.includes('USE INDEX FOR ORDER BY (PRIMARY)'))).toHaveLength(1);
      expect(common.filter((sql) => sql.includes('MATCH('))).toHaveLength(1);
      const rare = await statementsOf(() => expectPageWithTotal(boundedApi, '杭州市', expected('杭州市')));
      expect(rare.some((sql) => sql.includes('USE INDEX FOR ORDER BY'))).toBe(false);
      expect(rare.filter((sql) => sql.includes('MATCH('))).toHaveLength(2);
    }
  }
};
