import { describe, expect, it } from 'vitest';
import { parseExpand } from '../../src/query/parse-expand';
import { parseListQuery } from '../../src/query/parse-list-query';
import { parseOrderBy } from '../../src/query/parse-order-by';
import { parseSelect } from '../../src/query/parse-select';
import { column, errorsOf, PRODUCT } from './fixtures';

describe('parseListQuery', () => {
  it('defaults to the first 10 rows, no search, no filter, default order', () => {
    expect(parseListQuery({}, PRODUCT)).toEqual({
      offset: 0,
      limit: 10,
      search: null,
      select: null,
      orderBy: [],
      expand: [],
      where: null,
      collation: null,
    });
  });

  it('reads collation: pinyin in any case, blank as none, anything else (or twice) a 400', () => {
    expect(parseListQuery({ collation: 'pinyin' }, PRODUCT).collation).toBe('pinyin');
    expect(parseListQuery({ collation: ' PinYin ' }, PRODUCT).collation).toBe('pinyin');
    expect(parseListQuery({ collation: '' }, PRODUCT).collation).toBeNull();
    expect(errorsOf(() => parseListQuery({ collation: 'gbk' }, PRODUCT)).collation).toContain('pinyin');
    expect(
      errorsOf(() => parseListQuery({ collation: ['pinyin', 'pinyin'] }, PRODUCT)).collation,
    ).toBeTruthy();
  });

  it('reads paging, search, select, orderby and expand; other keys are column filters ANDed with filter', () => {
    const query = parseListQuery(
      {
        offset: '20',
        limit: 5,
        search: '  苹果 ',
        select: 'name,category',
        orderby: 'price DESC, name',
        expand: 'lines',
        dataSource: 'primary',
        isSoftDelete: 'true',
        qty: 'GE 1',
        active: 'true',
        filter: JSON.stringify({ columnName: 'name', operatorType: 'LIKE', values: ['a'] }),
      },
      PRODUCT,
    );
    expect(query).toEqual({
      offset: 20,
      limit: 5,
      search: '苹果',
      select: { columns: ['name'], relations: ['category'] },
      orderBy: [
        { column: 'price', direction: 'desc' },
        { column: 'name', direction: 'asc' },
      ],
      expand: ['lines'],
      where: {
        kind: 'group',
        conditionType: 'AND',
        conditions: [
          { kind: 'leaf', column: 'qty', operator: 'GE', values: [1] },
          { kind: 'leaf', column: 'active', operator: 'EQ', values: [true] },
          { kind: 'leaf', column: 'name', operator: 'LIKE', values: ['a'] },
        ],
      },
      collation: null,
    });
  });

  it('uses a single condition as it is', () => {
    expect(parseListQuery({ qty: '1' }, PRODUCT).where).toEqual({
      kind: 'leaf',
      column: 'qty',
      operator: 'EQ',
      values: [1],
    });
  });

  it.each([
    [{ limit: '0' }, { limit: 'must be at least 1' }],
    [{ limit: '10001' }, { limit: 'must be at most 10000' }],
    [{ limit: '-5' }, { limit: 'must be at least 1' }],
    [{ limit: 'abc' }, { limit: 'must be a number' }],
    [{ limit: '1e9' }, { limit: 'must be a number' }],
    [{ offset: '-1' }, { offset: 'must be at least 0' }],
    [{ offset: 'NaN' }, { offset: 'must be a number' }],
    [{ search: 'x'.repeat(201) }, { search: 'must have at most 200 characters' }],
    [{ nope: '1' }, { nope: 'the table has no column nope' }],
    [{ 'name;drop': '1' }, { 'name;drop': 'the table has no column name;drop' }],
    [{ fullTextBody: 'x' }, { fullTextBody: 'column fullTextBody cannot be queried' }],
    [{ qty: ['1', '2'] }, { qty: 'may appear only once' }],
    [{ limit: ['1', '2'] }, { limit: 'may appear only once' }],
    [{ qty: { $gt: '1' } }, { qty: 'may appear only once' }],
    [{ filter: '{' }, { filter: 'is not a valid JSON condition' }],
  ])('refuses %j', (query, errors) => {
    expect(errorsOf(() => parseListQuery(query, PRODUCT))).toEqual(errors);
  });

  it('accepts the largest limit and a column filter on a column named like a table column in another case', () => {
    expect(parseListQuery({ limit: '10000', QTY: '2' }, PRODUCT)).toMatchObject({
      limit: 10000,
      where: { column: 'qty', values: [2] },
    });
  });
});

describe('select, orderby, expand', () => {
  it.each([
    ['', null],
    [' , ', null],
    ['name, NAME ,qty', { columns: ['name', 'qty'], relations: [] }],
    ['Category,lines,name', { columns: ['name'], relations: ['category', 'lines'] }],
  ])('select %j is %j', (text, expected) => {
    expect(parseSelect(text, PRODUCT)).toEqual(expected);
  });

  it.each([
    ['nope', 'the table has no column nope'],
    ['secret', 'column secret cannot be queried'],
    ['fullTextBody', 'column fullTextBody cannot be queried'],
    ['name; drop table product', 'the table has no column name; drop table product'],
  ])('select %j is a 400: %s', (text, message) => {
    expect(errorsOf(() => parseSelect(text, PRODUCT))).toEqual({ select: message });
  });

  it.each([
    ['', []],
    ['name', [{ column: 'name', direction: 'asc' }]],
    [
      'name desc,qty ASC',
      [
        { column: 'name', direction: 'desc' },
        { column: 'qty', direction: 'asc' },
      ],
    ],
  ])('orderby %j is %j', (text, expected) => {
    expect(parseOrderBy(text, PRODUCT)).toEqual(expected);
  });

  it('orders by a reversed column whose name has a space, and refuses an unknown spaced name as no order', () => {
    const spaced = {
      ...PRODUCT,
      columns: [...PRODUCT.columns, column('first name', 'VARCHAR', { length: 9 })],
    };
    expect(parseOrderBy('first name DESC, id', spaced)).toEqual([
      { column: 'first name', direction: 'desc' },
      { column: 'id', direction: 'asc' },
    ]);
    expect(parseOrderBy('first name', spaced)).toEqual([{ column: 'first name', direction: 'asc' }]);
    expect(() => parseOrderBy('last name DESC', spaced)).toThrow();
  });

  it.each([
    ['name sideways', 'order is "column [ASC|DESC]", comma-separated'],
    ['name;drop', 'the table has no column name;drop'],
    ['secret', 'column secret cannot be queried'],
    ['unknown DESC', 'the table has no column unknown'],
    ['(select 1)', 'order is "column [ASC|DESC]", comma-separated'],
  ])('orderby %j is a 400: %s', (text, message) => {
    expect(errorsOf(() => parseOrderBy(text, PRODUCT))).toEqual({ orderby: message });
  });

  it('expand names relations only', () => {
    expect(parseExpand('LINES, category,lines', PRODUCT)).toEqual(['lines', 'category']);
    expect(errorsOf(() => parseExpand('name', PRODUCT))).toEqual({
      expand: 'the table has no relation name',
    });
  });
});
