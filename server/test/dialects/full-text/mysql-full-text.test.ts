import knex, { type Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import type { FullTextTable } from '../../../src/dialects/full-text/full-text';
import {
  likeFullText,
  mysqlFullTextIndexName,
  mysqlNgramFullText,
} from '../../../src/dialects/full-text/mysql-full-text';

const mysql = knex({ client: 'mysql2' });
const table: FullTextTable = {
  tableName: 'article',
  column: { name: 'fullTextBody', dataType: 'TEXT', length: null },
  key: null,
};

/** A database stand-in that records raw statements and refuses anything else. */
const recordingDb = () => {
  const statements: string[] = [];
  const raw = (sql: string, bindings: Knex.RawBinding[]) => {
    statements.push(mysql.raw(sql, bindings).toString());
    return Promise.resolve([]);
  };
  const db = new Proxy(
    {},
    {
      get: (_target, property) => {
        if (property === 'raw') return raw;
        throw new Error(`unexpected use of db.${String(property)}`);
      },
    },
  ) as unknown as Knex;
  return { db, statements };
};

describe('MySQL 8 ngram full-text', () => {
  it('creates and drops a FULLTEXT index WITH PARSER ngram', async () => {
    const { db, statements } = recordingDb();
    await mysqlNgramFullText.createIndex(db, table);
    await mysqlNgramFullText.dropIndex(db, table);
    const index = mysqlFullTextIndexName('article', 'fullTextBody');
    expect(statements).toEqual([
      `ALTER TABLE \`article\` ADD FULLTEXT INDEX \`${index}\` (\`fullTextBody\`) WITH PARSER ngram`,
      `ALTER TABLE \`article\` DROP INDEX \`${index}\``,
    ]);
  });

  it('matches each term as a boolean-mode phrase, one-character terms with LIKE', () => {
    const query = mysqlNgramFullText.matchCondition(mysql('article').select('id'), table, '人民 x "a"b');
    expect(query.toString()).toBe(
      'select `id` from `article` where MATCH(`fullTextBody`) AGAINST(\'\\"人民\\"\' IN BOOLEAN MODE) ' +
        "and `article`.`fullTextBody` LIKE '%x%' ESCAPE '\\\\' " +
        'and MATCH(`fullTextBody`) AGAINST(\'\\" a b\\"\' IN BOOLEAN MODE)',
    );
  });

  it('scans with LIKE where no index exists, and creates nothing', async () => {
    const { db, statements } = recordingDb();
    await likeFullText.createIndex(db, table);
    expect(statements).toEqual([]);
    expect(likeFullText.matchCondition(mysql('article').select('id'), table, '50%').toString()).toBe(
      "select `id` from `article` where `article`.`fullTextBody` LIKE '%50\\\\%%' ESCAPE '\\\\'",
    );
  });
});
