import knex from 'knex';
import { describe, expect, it } from 'vitest';
import type { Client } from '../../src/config';
import { applyCondition } from '../../src/query/apply-condition';
import { applyListQuery } from '../../src/query/apply-list-query';
import { likeSearch } from '../../src/query/like-search';
import type { Condition, Operator } from '../../src/query/query-types';
import { parseListQuery } from '../../src/query/parse-list-query';
import { PRODUCT } from './fixtures';

const builders = {
  sqlite: knex({ client: 'better-sqlite3', useNullAsDefault: true }),
  pg: knex({ client: 'pg' }),
  mysql: knex({ client: 'mysql2' }),
};

const sqlOf = (dialect: Client, condition: Condition) => {
  const builder = builders[dialect]('product').select('*');
  applyCondition(builder, PRODUCT, condition, dialect);
  const { sql, bindings } = builder.toSQL();
  return { sql, bindings };
};

const leaf = (operator: Operator, values: (string | number | boolean)[], column = 'qty'): Condition => ({
  kind: 'leaf',
  column,
  operator,
  values,
});

describe('applyCondition (SQLite)', () => {
  it.each([
    [leaf('EQ', [1]), 'select * from `product` where `product`.`qty` = ?', [1]],
    [leaf('NE', [1]), 'select * from `product` where `product`.`qty` <> ?', [1]],
    [leaf('GE', [1]), 'select * from `product` where `product`.`qty` >= ?', [1]],
    [leaf('GT', [1]), 'select * from `product` where `product`.`qty` > ?', [1]],
    [leaf('LE', [1]), 'select * from `product` where `product`.`qty` <= ?', [1]],
    [leaf('LT', [1]), 'select * from `product` where `product`.`qty` < ?', [1]],
    [leaf('IN', [1, 2]), 'select * from `product` where `product`.`qty` in (?, ?)', [1, 2]],
    [leaf('IN', []), 'select * from `product` where 1 = 0', []],
    [leaf('NOTIN', [1, 2]), 'select * from `product` where `product`.`qty` not in (?, ?)', [1, 2]],
    [leaf('NOTIN', []), 'select * from `product`', []],
    [leaf('BETWEEN', [1, 5]), 'select * from `product` where `product`.`qty` between ? and ?', [1, 5]],
    [leaf('ISNULL', []), 'select * from `product` where `product`.`qty` is null', []],
    [leaf('ISNOTNULL', []), 'select * from `product` where `product`.`qty` is not null', []],
    [
      leaf('LIKE', ["50%_o'ff\\"], 'name'),
      'select * from `product` where `product`.`name` LIKE ? ESCAPE ?',
      ["%50\\%\\_o'ff\\\\%", '\\'],
    ],
    [
      {
        kind: 'group',
        conditionType: 'OR',
        conditions: [
          leaf('EQ', [1]),
          { kind: 'group', conditionType: 'AND', conditions: [leaf('GT', [2]), leaf('ISNULL', [], 'name')] },
        ],
      },
      'select * from `product` where ((`product`.`qty` = ?) or (((`product`.`qty` > ?) and (`product`.`name` is null))))',
      [1, 2],
    ],
    [{ kind: 'group', conditionType: 'OR', conditions: [] }, 'select * from `product` where 1 = 0', []],
    [{ kind: 'group', conditionType: 'AND', conditions: [] }, 'select * from `product`', []],
  ] as [Condition, string, unknown[]][])('%j', (condition, sql, bindings) => {
    expect(sqlOf('sqlite', condition)).toEqual({ sql, bindings });
  });
});

describe('applyCondition per dialect', () => {
  it('LIKE is case-insensitive everywhere: ILIKE on PostgreSQL', () => {
    expect(sqlOf('pg', leaf('LIKE', ['a'], 'name')).sql).toBe(
      'select * from "product" where "product"."name" ILIKE ? ESCAPE ?',
    );
    expect(sqlOf('mysql', leaf('LIKE', ['a'], 'name')).sql).toBe(
      'select * from `product` where `product`.`name` LIKE ? ESCAPE ?',
    );
  });

  it('quotes identifiers and binds hostile values on every dialect', () => {
    for (const dialect of ['sqlite', 'pg', 'mysql'] as const) {
      const { sql, bindings } = sqlOf(dialect, leaf('EQ', ["'; DROP TABLE product; --"], 'name'));
      expect(sql).not.toContain('DROP');
      expect(bindings).toEqual(["'; DROP TABLE product; --"]);
    }
  });
});

describe('applyListQuery', () => {
  const search = (builder: knex.Knex.QueryBuilder, keyword: string) => {
    likeSearch(builder, 'sqlite', 'product', [{ name: 'name' }, { name: 'note' }], keyword);
  };

  it('orders by key DESC by default and pages', () => {
    const builder = builders.sqlite('product').select('*');
    applyListQuery(builder, PRODUCT, parseListQuery({ offset: '10', limit: '5' }, PRODUCT), {
      dialect: 'sqlite',
      search,
    });
    expect(builder.toSQL().sql).toBe('select * from `product` order by `product`.`id` desc limit ? offset ?');
  });

  it('orders by the requested columns with the key as the tiebreak, filters, and searches every term', () => {
    const builder = builders.sqlite('product').select('*');
    const query = parseListQuery({ orderby: 'name', qty: '1', search: 'a b%' }, PRODUCT);
    applyListQuery(builder, PRODUCT, query, { dialect: 'sqlite', search });
    const { sql, bindings } = builder.toSQL();
    expect(sql).toBe(
      'select * from `product` where `product`.`qty` = ? and (`product`.`name` LIKE ? ESCAPE ? or `product`.`note` LIKE ? ESCAPE ?) ' +
        'and (`product`.`name` LIKE ? ESCAPE ? or `product`.`note` LIKE ? ESCAPE ?) order by `product`.`name` asc, `product`.`id` desc limit ?',
    );
    expect(bindings).toEqual([1, '%a%', '\\', '%a%', '\\', '%b\\%%', '\\', '%b\\%%', '\\', 10]);
  });

  it('orders text columns through the pinyin order when asked, other columns and the key as they are', () => {
    const query = parseListQuery({ orderby: 'name DESC,qty,file', collation: 'pinyin' }, PRODUCT);
    const sqlite = builders.sqlite('product').select('*');
    applyListQuery(sqlite, PRODUCT, query, { dialect: 'sqlite', search, pinyinOrder: 'cb_pinyin_key(??)' });
    expect(sqlite.toSQL().sql).toBe(
      'select * from `product` order by cb_pinyin_key(`product`.`name`) DESC, `product`.`qty` asc, ' +
        'cb_pinyin_key(`product`.`file`) ASC, `product`.`id` desc limit ?',
    );
    const pg = builders.pg('product').select('*');
    applyListQuery(pg, PRODUCT, query, {
      dialect: 'pg',
      search,
      pinyinOrder: '?? COLLATE pg_catalog."zh-x-icu"',
    });
    expect(pg.toSQL().sql).toContain(
      'order by "product"."name" COLLATE pg_catalog."zh-x-icu" DESC, "product"."qty" asc',
    );
    // Without collation=pinyin the data source's pinyin order is not used; without one, plain order.
    const plain = builders.mysql('product').select('*');
    applyListQuery(plain, PRODUCT, parseListQuery({ orderby: 'name' }, PRODUCT), {
      dialect: 'mysql',
      search,
      pinyinOrder: 'CONVERT(?? USING gbk)',
    });
    expect(plain.toSQL().sql).toBe(
      'select * from `product` order by `product`.`name` asc, `product`.`id` desc limit ?',
    );
    const none = builders.mysql('product').select('*');
    applyListQuery(none, PRODUCT, query, { dialect: 'mysql', search, pinyinOrder: null });
    expect(none.toSQL().sql).toContain('order by `product`.`name` desc');
  });

  it('a keyword with no text column to search matches nothing', () => {
    const builder = builders.sqlite('product').select('*');
    likeSearch(builder, 'sqlite', 'product', [], 'x');
    expect(builder.toSQL().sql).toBe('select * from `product` where 1 = 0');
  });

  it('a keyword scan on PostgreSQL lower-cases both sides (cheaper per row than ILIKE); column filters keep ILIKE', () => {
    const builder = builders.pg('product').select('*');
    likeSearch(builder, 'pg', 'product', [{ name: 'name' }], 'Ab');
    expect(builder.toSQL().sql).toBe(
      'select * from "product" where (lower("product"."name") LIKE lower(?) ESCAPE ?)',
    );
    expect(sqlOf('pg', leaf('LIKE', ['a'], 'name')).sql).toContain('ILIKE');
  });
});
