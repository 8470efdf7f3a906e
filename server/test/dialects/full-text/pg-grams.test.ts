import { describe, expect, it } from 'vitest';
import type { FullTextTable } from '../../../src/dialects/full-text/full-text';
import { pgFullText } from '../../../src/dialects/full-text/pg-full-text';
import { COMMON_GRAM_SHARE, pgGramIndexName, servedByGrams } from '../../../src/dialects/full-text/pg-grams';
import { fullTextTarget } from '../../../src/services/ddl/physical-objects';
import { listTables } from '../../../src/services/metadata-store';
import { createTable } from '../../../src/services/tables/create-table';
import { tableDefFromStored } from '../../../src/services/tables/table-def-from-body';
import { SYSTEM_COLUMNS } from '../../helpers/metadata-api';
import { clearTables } from '../../helpers/physical-schema';
import { useTestApps } from '../../helpers/test-app';
import { testDatabases } from '../../helpers/test-databases';

describe('servedByGrams', () => {
  const common = new Map([
    ['物流', 0.17],
    ['彭涵', 0.01],
    ['王伟', 0.03],
    ['王芳', 0.03],
  ]);

  it('sends rare terms of one or two characters to the gram index', () => {
    expect(servedByGrams('彭涵', common)).toBe(true);
    expect(servedByGrams('李娜', common)).toBe(true);
    expect(servedByGrams('彭', common)).toBe(true);
    expect(servedByGrams('UR', common)).toBe(true);
  });

  it('leaves common terms, and longer ones, to the scan and the trigram index', () => {
    expect(servedByGrams('物流', common)).toBe(false);
    // A single character counts the common pairs it starts: 0.03 + 0.03 is past the share.
    expect(0.06).toBeGreaterThan(COMMON_GRAM_SHARE);
    expect(servedByGrams('王', common)).toBe(false);
    expect(servedByGrams('杭州市', common)).toBe(false);
    // A character that lowers to two would not be one gram.
    expect(servedByGrams('İ', common)).toBe(false);
  });
});

describe.each(testDatabases().filter((db) => db.name === 'pg'))('PostgreSQL gram index ($name)', (db) => {
  const apps = useTestApps(db);

  it('is made and dropped with the search index, and answers a rare two-character term through it', async () => {
    const app = await apps.build();
    const knex = app.dataSources.primary.knex;
    await clearTables(knex);
    const id = await createTable(knex, { name: 'memo', columns: SYSTEM_COLUMNS });
    const [stored] = await listTables(knex, [id]);
    const described = fullTextTarget(tableDefFromStored(stored!)) as FullTextTable;
    const indexes = async () =>
      (
        (await knex.raw("SELECT indexname FROM pg_indexes WHERE tablename = 'memo'")) as {
          rows: { indexname: string }[];
        }
      ).rows.map((row) => row.indexname);
    expect(await indexes()).toContain(pgGramIndexName('memo', 'fullTextBody'));

    const rows = Array.from({ length: 4000 }, (_, i) => ({
      name: `m${i}`,
      fullTextBody: i % 1000 === 7 ? `订单 彭涵 ${i}` : `物流订单第${i}号 urgent`,
      createdDate: '2024-01-01 00:00:00',
    }));
    for (let at = 0; at < rows.length; at += 1000) await knex('memo').insert(rows.slice(at, at + 1000));
    await knex.raw('ANALYZE memo');
    const target = await pgFullText.inspect!(knex, described);
    expect(target.grams?.get('物流')).toBeGreaterThan(0.9);

    const query = pgFullText.matchCondition(knex('memo').select('id'), target, '彭涵');
    expect(query.toQuery()).toContain('cb_grams_v1');
    // The index can answer the condition as written (on a table this small the planner would
    // rather scan; on a million rows it takes the index, bench/README.md).
    const plan = await knex.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      const explained = (await trx.raw(`EXPLAIN ${query.toQuery()}`)) as { rows: { 'QUERY PLAN': string }[] };
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain(pgGramIndexName('memo', 'fullTextBody'));
    expect((await query).length).toBe(4);
    expect(pgFullText.matchCondition(knex('memo').select('id'), target, '物流').toQuery()).not.toContain(
      'cb_grams_v1',
    );

    await pgFullText.dropIndex(knex, described);
    expect(await indexes()).not.toContain(pgGramIndexName('memo', 'fullTextBody'));
    expect(await pgFullText.inspect!(knex, described)).toMatchObject({ grams: null });
  });
});
