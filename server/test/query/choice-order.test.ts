import knex from 'knex';
import { describe, expect, it } from 'vitest';
import { applyListQuery } from '../../src/query/apply-list-query';
import { isOptionOrdered } from '../../src/query/choice-order';
import { parseListQuery } from '../../src/query/parse-list-query';
import type { QueryTable } from '../../src/query/query-types';
import { column, errorsOf } from './fixtures';

const OPTIONS = [{ value: 'classic' }, { value: 'scifi' }, { value: 'poetry' }];

const NOVEL: QueryTable = {
  tableName: 'novel',
  primaryNames: ['id'],
  relationNames: [],
  columns: [
    column('id', 'INT', { indexType: 'PRIMARY' }),
    column('genre', 'VARCHAR', { length: 20, nativeType: 'novel_genre', options: OPTIONS }),
    column('doc', 'VARCHAR', { length: 200, nativeType: 'xml' }),
    column('tags', 'VARCHAR', { length: 200, nativeType: 'tag_kind', options: OPTIONS, multipleValue: true }),
  ],
};

const byName = (name: string) => NOVEL.columns.find((one) => one.name === name);

describe('ordering a single choice column of an opaque native type (a PostgreSQL enum)', () => {
  it('is allowed for a single choice only; other opaque columns stay refused', () => {
    expect(isOptionOrdered(byName('genre'))).toBe(true);
    expect(isOptionOrdered(byName('doc'))).toBe(false);
    expect(isOptionOrdered(byName('tags'))).toBe(false);
    expect(parseListQuery({ orderby: 'genre DESC' }, NOVEL).orderBy).toEqual([
      { column: 'genre', direction: 'desc' },
    ]);
    expect(errorsOf(() => parseListQuery({ orderby: 'doc' }, NOVEL)).orderby).toContain('xml');
    expect(errorsOf(() => parseListQuery({ orderby: 'tags' }, NOVEL)).orderby).toBeTruthy();
  });

  it('orders by the position of the value among the options, read as text, pinyin or not', () => {
    const builder = knex({ client: 'pg' })('novel').select('*');
    applyListQuery(builder, NOVEL, parseListQuery({ orderby: 'genre DESC', collation: 'pinyin' }, NOVEL), {
      dialect: 'pg',
      search: () => undefined,
      pinyinOrder: '?? COLLATE "zh-x-icu"',
    });
    const { sql, bindings } = builder.toSQL();
    expect(sql).toBe(
      'select * from "novel" order by CASE CAST("novel"."genre" AS text) WHEN ? THEN ? WHEN ? THEN ? WHEN ? THEN ? ELSE ? END DESC, ' +
        '"novel"."id" desc limit ?',
    );
    expect(bindings).toEqual(['classic', 0, 'scifi', 1, 'poetry', 2, 3, 10]);
  });
});
