import knex, { type Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import type { FullTextTable, KeywordSample } from '../../../src/dialects/full-text/full-text';
import {
  bigramQuery,
  bigramTokens,
  mariadbBigramFullText,
  mariadbBigramNames,
} from '../../../src/dialects/full-text/mariadb-bigrams';
import {
  likeFullText,
  mroongaFullText,
  mysqlFullTextIndexName,
  mysqlNgramFullText,
} from '../../../src/dialects/full-text/mysql-full-text';
import {
  PAGE_SCAN_ROWS,
  scanFindsCount,
  scanFindsPage,
} from '../../../src/dialects/full-text/mysql-key-order';
import { keyedFullTextTable } from '../../helpers/keyed-full-text-table';

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

describe('MariaDB: a scan in key order or Mroonga, by a sample of the newest rows', () => {
  const keyed = keyedFullTextTable('article');
  const sampled = (sample: KeywordSample): FullTextTable => ({ ...keyed, rowidKey: 'id', sample });
  const common = sampled({ share: 0.17, whole: false, indexed: 1_000_000, primaryKey: true });
  const middling = sampled({ share: 0.06, whole: false, indexed: 1_000_000, primaryKey: true });
  const rare = sampled({ share: 0, whole: false, indexed: 1_000_000, primaryKey: true });
  const small = sampled({ share: 0, whole: true, indexed: 240, primaryKey: true });
  const noPrimaryKey = sampled({ share: 0.17, whole: false, indexed: 1_000_000, primaryKey: false });

  it('reads a page by the scan when the sample puts it among the newest rows', () => {
    expect(scanFindsPage(common, 10)).toBe(true);
    expect(scanFindsPage(middling, 10)).toBe(true);
    expect(scanFindsPage(middling, PAGE_SCAN_ROWS)).toBe(false);
    expect(scanFindsPage(rare, 10)).toBe(false);
    expect(scanFindsPage(small, 1000)).toBe(true);
    expect(scanFindsPage(noPrimaryKey, 10)).toBe(false);
  });

  it('counts up to a bound by the scan when it reads fewer rows than the index matches', () => {
    expect(scanFindsCount(common, 10_000)).toBe(true);
    expect(scanFindsCount(middling, 10_000)).toBe(false);
    expect(scanFindsCount(rare, 10_000)).toBe(false);
    expect(scanFindsCount(small, 10_000)).toBe(true);
    expect(scanFindsCount(noPrimaryKey, 10_000)).toBe(false);
  });

  it('scans in key order with each term as LIKE, the primary key giving the order', () => {
    const page = mysql('article').select('article.id');
    expect(mroongaFullText.driveInRowidOrder!(mysql, page, common, '物流 a', 'desc', 10)).toBe(true);
    expect(page.toString()).toBe(
      'select `article`.`id` from `article` USE INDEX FOR ORDER BY (PRIMARY) ' +
        "where `article`.`fullTextBody` LIKE '%物流%' ESCAPE '\\\\' and `article`.`fullTextBody` LIKE '%a%' ESCAPE '\\\\' " +
        'order by `article`.`id` desc',
    );
    const count = mroongaFullText.matchCondition(
      mysql('article').select(mysql.raw('1')),
      common,
      '物流',
      10_000,
    );
    expect(count.toString()).toContain('USE INDEX FOR ORDER BY (PRIMARY)');
    expect(count.toString()).toContain('order by `article`.`id` desc');
  });

  it('asks Mroonga for a rare keyword and matches each term with LIKE too, a backslash escaped', () => {
    const count = mroongaFullText.matchCondition(
      mysql('article').select(mysql.raw('1')),
      rare,
      'C:\\',
      10_000,
    );
    // The phrase "C:\\" (Mroonga's escape of one backslash), then the term itself with LIKE.
    expect(count.toString()).toMatch(
      /^select 1 from `article` where `article`.`id` IN \(SELECT `rowKey` FROM `cb_ft_\w+` WHERE MATCH\(`body`\) AGAINST\('\\"C:\\\\\\\\\\"' IN BOOLEAN MODE\)\) and `article`.`fullTextBody` LIKE '%C:\\\\\\\\%' ESCAPE '\\\\'$/,
    );
    const page = mysql('article').select('article.id');
    expect(mroongaFullText.driveInRowidOrder!(mysql, page, rare, '物流', 'desc', 10)).toBe(true);
    expect(page.toString()).toMatch(/STRAIGHT_JOIN/);
    expect(page.toString()).toContain("`article`.`fullTextBody` LIKE '%物流%'");
  });

  it('without Mroonga, scans a page and a bounded count in key order, an unbounded count as it comes', () => {
    const scan = {
      ...keyed,
      rowidKey: 'id',
      sample: { share: 0, whole: false, indexed: null, primaryKey: true },
    };
    expect(likeFullText.matchCondition(mysql('article'), scan, 'x', 10).toString()).toContain(
      'USE INDEX FOR ORDER BY (PRIMARY)',
    );
    expect(likeFullText.matchCondition(mysql('article'), scan, 'x').toString()).not.toContain('USE INDEX');
    expect(likeFullText.driveInRowidOrder!(mysql, mysql('article'), scan, 'x', 'asc')).toBe(true);
  });
});

describe('MariaDB InnoDB bigrams', () => {
  const keyed: FullTextTable = { ...keyedFullTextTable('article'), rowidKey: 'id' };
  const rare = (tokens: Record<string, string>): FullTextTable => ({
    ...keyed,
    sample: { share: 0, whole: false, indexed: 1_000_000, primaryKey: true },
    tokens: new Map(Object.entries(tokens)),
  });

  it("pairs a term's character weights as the triggers pair a text's", () => {
    expect(bigramTokens(['FB40F269', 'FB40ED41', '0209'])).toBe('FB40F269GFB40ED41 FB40ED41G0209 ');
    expect(bigramTokens(['0E33'])).toBe('');
    // A character the collation ignores weighs nothing, on either side of a pair.
    expect(bigramTokens(['0E33', '', '0E4A'])).toBe('0E33G G0E4A ');
  });

  it('asks for every bigram of a term once, and leaves to LIKE what InnoDB would not index', () => {
    expect(bigramQuery('0E33G0209 0209G0E4A 0E33G0209 ')).toBe('+0E33G0209 +0209G0E4A');
    expect(bigramQuery('')).toBeNull();
    expect(bigramQuery(null)).toBeNull();
    // A pair of characters the collation ignores weighs nothing: "G" alone is no InnoDB token.
    expect(bigramQuery('FB40F269G G ')).toBeNull();
    expect(bigramQuery(`${'A'.repeat(80)}G0E4A `)).toBeNull();
  });

  it('narrows a rare term by the search table, matches it with LIKE, and a common one by the scan', () => {
    const names = mariadbBigramNames('article');
    const tokens = { 物流: 'FB40F269GFB40ED41 ' };
    const count = mariadbBigramFullText.matchCondition(
      mysql('article').select(mysql.raw('1')),
      rare(tokens),
      '物流 x',
      10_000,
    );
    expect(count.toString()).toBe(
      `select 1 from \`article\` where \`article\`.\`id\` IN (SELECT \`rowKey\` FROM \`${names.table}\` ` +
        "WHERE MATCH(`grams`) AGAINST('+FB40F269GFB40ED41' IN BOOLEAN MODE)) " +
        "and `article`.`fullTextBody` LIKE '%物流%' ESCAPE '\\\\' and `article`.`fullTextBody` LIKE '%x%' ESCAPE '\\\\'",
    );
    const page = mysql('article').select('article.id');
    expect(mariadbBigramFullText.driveInRowidOrder!(mysql, page, rare(tokens), '物流', 'desc', 10)).toBe(
      true,
    );
    expect(page.toString()).toContain(`from \`${names.table}\` STRAIGHT_JOIN \`article\``);
    expect(page.toString()).toContain(`order by \`${names.table}\`.\`rowKey\` desc`);

    const common = {
      ...rare(tokens),
      sample: { share: 0.17, whole: false, indexed: 1_000_000, primaryKey: true },
    };
    const scanned = mysql('article').select('article.id');
    expect(mariadbBigramFullText.driveInRowidOrder!(mysql, scanned, common, '物流', 'desc', 10)).toBe(true);
    expect(scanned.toString()).toContain('USE INDEX FOR ORDER BY (PRIMARY)');
    expect(scanned.toString()).not.toContain('MATCH(');
  });

  it('scans when no term has bigrams the index holds (one character, or no search table)', () => {
    const page = mysql('article').select('article.id');
    expect(mariadbBigramFullText.driveInRowidOrder!(mysql, page, rare({}), 'x', 'asc', 10)).toBe(true);
    expect(page.toString()).toContain('USE INDEX FOR ORDER BY (PRIMARY)');
    const none = { ...rare({}), tokens: null };
    expect(mariadbBigramFullText.matchCondition(mysql('article'), none, '物流').toString()).not.toContain(
      'MATCH(',
    );
  });
});
