/**
 * A record's values tested against a webhook's condition in JavaScript: every operator of the filter
 * language, NULLs, groups and the forms drivers hand values over in; then, on each database, the
 * same conditions as SQL through the list's query path, which must keep exactly the rows
 * recordMeets says meet them.
 */
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../../src/config';
import { dateTimeText } from '../../../src/db/clock';
import { createKnex } from '../../../src/db/create-knex';
import { physicalType } from '../../../src/dialects/column-type';
import { sqlDialect } from '../../../src/dialects/sql/sql-dialects';
import { ApiException } from '../../../src/errors/api-exception';
import { applyCondition } from '../../../src/query/apply-condition';
import type { Condition, LeafCondition, QueryTable } from '../../../src/query/query-types';
import { parseWebhookCondition, recordMeets } from '../../../src/services/webhooks/record-meets';
import { describeEachDatabase, type TestEnvironment } from '../../helpers/test-databases';
import { column, errorsOf, PRODUCT } from '../../query/fixtures';

const TABLE: QueryTable = {
  ...PRODUCT,
  columns: [
    ...PRODUCT.columns,
    column('tags', 'VARCHAR', { length: 50, multipleValue: true, options: ['a', 'b', 'c'] }),
    column('uid', 'VARCHAR', { length: 36, nativeType: 'uuid' }),
    column('doc', 'TEXT', { nativeType: 'jsonb' }),
    column('nums', 'TEXT', { nativeType: 'integer[]' }),
    column('addr', 'VARCHAR', { length: 50, nativeType: 'inet' }),
    column('spot', 'VARCHAR', { length: 50, nativeType: 'point' }),
    column('label', 'VARCHAR', { length: 50, nativeType: 'citext' }),
    column('moment', 'DATETIME', { nativeType: 'timestamptz' }),
  ],
};

const leaf = (name: string, operator: LeafCondition['operator'], ...values: LeafCondition['values']) =>
  ({ kind: 'leaf', column: name, operator, values }) as const satisfies Condition;
const and = (...conditions: Condition[]): Condition => ({ kind: 'group', conditionType: 'AND', conditions });
const or = (...conditions: Condition[]): Condition => ({ kind: 'group', conditionType: 'OR', conditions });

/** A record as a driver returns it. */
const RECORD: Record<string, unknown> = {
  id: 7,
  name: 'Alice',
  code: 'AB ',
  note: null,
  qty: 5,
  stock: 0,
  big: '9007199254740993',
  ratio: 0.5,
  weight: 1.25,
  price: '12.50',
  day: '2026-03-04',
  at: '10:30:00',
  stamp: '2026-03-04 10:00:00',
  active: 1,
  secret: '$argon2id$hash',
  file: null,
  tags: 'b,c',
  uid: '0e4f6c1a-8b1e-4d6a-9d1c-3f2a1b4c5d6e',
  doc: { b: [1, 2], a: 'x' },
  nums: [1, 2, 3],
  addr: '10.0.0.1',
  spot: { x: 1.5, y: -2 },
  label: 'Mixed Case',
  moment: '2026-03-04 10:00:00+00',
};

const meets = (condition: Condition, changes: Record<string, unknown> = {}, dialect?: Client) =>
  recordMeets(condition, { ...RECORD, ...changes }, TABLE, dialect);

type Case = [title: string, condition: Condition, expected: boolean, changes?: Record<string, unknown>];

describe('recordMeets: every operator', () => {
  it.each<Case>([
    ['EQ on an integer', leaf('qty', 'EQ', 5), true],
    ['EQ on an integer, another value', leaf('qty', 'EQ', 6), false],
    ['NE on an integer', leaf('qty', 'NE', 6), true],
    ['NE on an equal integer', leaf('qty', 'NE', 5), false],
    ['IN', leaf('qty', 'IN', 1, 5, 9), true],
    ['IN without the value', leaf('qty', 'IN', 1, 9), false],
    ['IN of nothing', leaf('qty', 'IN'), false],
    ['NOTIN', leaf('qty', 'NOTIN', 1, 9), true],
    ['NOTIN with the value', leaf('qty', 'NOTIN', 1, 5), false],
    ['NOTIN of nothing', leaf('qty', 'NOTIN'), true],
    ['GT', leaf('qty', 'GT', 4), true],
    ['GT an equal value', leaf('qty', 'GT', 5), false],
    ['GE', leaf('qty', 'GE', 5), true],
    ['LT', leaf('qty', 'LT', 5), false],
    ['LT a greater value', leaf('qty', 'LT', 6), true],
    ['LE', leaf('qty', 'LE', 5), true],
    ['BETWEEN, ends included', leaf('qty', 'BETWEEN', 5, 9), true],
    ['BETWEEN, outside', leaf('qty', 'BETWEEN', 6, 9), false],
    ['BETWEEN with the ends crossed', leaf('qty', 'BETWEEN', 9, 1), false],
    ['NOTBETWEEN, outside', leaf('qty', 'NOTBETWEEN', 6, 9), true],
    ['NOTBETWEEN, on an end', leaf('qty', 'NOTBETWEEN', 1, 5), false],
    ['ISNULL on a value', leaf('qty', 'ISNULL'), false],
    ['ISNOTNULL on a value', leaf('qty', 'ISNOTNULL'), true],
    ['LIKE, anywhere, ignoring case', leaf('name', 'LIKE', 'LIC'), true],
    ['LIKE, not there', leaf('name', 'LIKE', 'bob'), false],
    ['NOTLIKE', leaf('name', 'NOTLIKE', 'bob'), true],
    ['NOTLIKE, there', leaf('name', 'NOTLIKE', 'ali'), false],
    ['STARTSWITH ignoring case', leaf('name', 'STARTSWITH', 'aL'), true],
    ['STARTSWITH, not at the start', leaf('name', 'STARTSWITH', 'lice'), false],
    ['NOTSTARTSWITH', leaf('name', 'NOTSTARTSWITH', 'lice'), true],
    ['ENDSWITH ignoring case', leaf('name', 'ENDSWITH', 'ICE'), true],
    ['ENDSWITH, not at the end', leaf('name', 'ENDSWITH', 'Ali'), false],
    ['NOTENDSWITH', leaf('name', 'NOTENDSWITH', 'ICE'), false],
    ['LIKECS minding case', leaf('name', 'LIKECS', 'lic'), true],
    ['LIKECS, other case', leaf('name', 'LIKECS', 'LIC'), false],
    ['NOTLIKECS, other case', leaf('name', 'NOTLIKECS', 'LIC'), true],
    ['NOTLIKECS, same case', leaf('name', 'NOTLIKECS', 'Ali'), false],
    ['LIKE takes % literally', leaf('name', 'LIKE', '50%'), true, { name: 'save 50% now' }],
    ['LIKE: % is no wildcard', leaf('name', 'LIKE', 'a%e'), false],
    ['LIKE: _ is no wildcard', leaf('name', 'LIKE', 'A_ice'), false],
    ['LIKE takes _ literally', leaf('name', 'STARTSWITH', 'a_'), true, { name: 'A_b' }],
    ['LIKE of empty text matches any value', leaf('name', 'LIKE', ''), true],
  ])('%s', (_title, condition, expected, changes) => {
    expect(meets(condition, changes)).toBe(expected);
  });
});

describe('recordMeets: NULL as SQL has it', () => {
  it.each<Case>([
    ['ISNULL', leaf('note', 'ISNULL'), true],
    ['ISNOTNULL', leaf('note', 'ISNOTNULL'), false],
    ['EQ', leaf('note', 'EQ', 'x'), false],
    ['NE is not true of a NULL', leaf('note', 'NE', 'x'), false],
    ['IN', leaf('note', 'IN', 'x'), false],
    ['NOTIN is not true of a NULL', leaf('note', 'NOTIN', 'x'), false],
    ['an empty NOTIN tests nothing', leaf('note', 'NOTIN'), true],
    ['GT', leaf('qty', 'GT', 0), false, { qty: null }],
    ['LE', leaf('qty', 'LE', 9), false, { qty: null }],
    ['BETWEEN', leaf('qty', 'BETWEEN', 0, 9), false, { qty: null }],
    ['NOTBETWEEN', leaf('qty', 'NOTBETWEEN', 0, 9), false, { qty: null }],
    ['LIKE', leaf('note', 'LIKE', ''), false],
    ['NOTLIKE', leaf('note', 'NOTLIKE', 'x'), false],
    ['NOTSTARTSWITH', leaf('note', 'NOTSTARTSWITH', 'x'), false],
    ['NOTENDSWITH', leaf('note', 'NOTENDSWITH', 'x'), false],
    ['NOTLIKECS', leaf('note', 'NOTLIKECS', 'x'), false],
    ['a column the record does not hold meets no test', leaf('note', 'ISNULL'), false, { note: undefined }],
    ['nor does one the table has not', leaf('gone', 'ISNULL'), false],
    ['a password: only the null tests', leaf('secret', 'ISNOTNULL'), true],
    ['a NULL password', leaf('secret', 'ISNULL'), true, { secret: null }],
  ])('%s', (_title, condition, expected, changes) => {
    expect(meets(condition, changes)).toBe(expected);
  });
});

describe('recordMeets: groups', () => {
  it.each<Case>([
    ['AND of two true', and(leaf('qty', 'EQ', 5), leaf('name', 'LIKE', 'ali')), true],
    ['AND with one false', and(leaf('qty', 'EQ', 5), leaf('name', 'LIKE', 'bob')), false],
    ['OR with one true', or(leaf('qty', 'EQ', 6), leaf('name', 'LIKE', 'ali')), true],
    ['OR of two false', or(leaf('qty', 'EQ', 6), leaf('name', 'LIKE', 'bob')), false],
    ['an empty AND holds', and(), true],
    ['an empty OR does not', or(), false],
    [
      'nested: OR of an AND',
      or(
        leaf('qty', 'GT', 9),
        and(leaf('active', 'EQ', true), or(leaf('note', 'ISNULL'), leaf('qty', 'LT', 0))),
      ),
      true,
    ],
    [
      'nested: AND of an OR, false deep inside',
      and(leaf('qty', 'GE', 5), or(leaf('note', 'NE', 'x'), leaf('price', 'GT', '99'))),
      false,
    ],
  ])('%s', (_title, condition, expected, changes) => {
    expect(meets(condition, changes)).toBe(expected);
  });
});

describe('recordMeets: values as drivers return them', () => {
  it.each<Case>([
    ['BIGINT beyond 2^53 as text, exactly', leaf('big', 'EQ', '9007199254740993'), true],
    ['BIGINT: one less is another value', leaf('big', 'EQ', '9007199254740992'), false],
    ['BIGINT as a bigint', leaf('big', 'GT', '9007199254740992'), true, { big: 9007199254740993n }],
    ['BIGINT as text against a number', leaf('big', 'LT', 10), true, { big: '-5' }],
    ['numbers compare as numbers, not text', leaf('qty', 'GT', 10), true, { qty: '100' }],
    ['DECIMAL text with its scale', leaf('price', 'EQ', '12.5'), true],
    ['DECIMAL ordered by value', leaf('price', 'BETWEEN', '9.99', '12.5'), true],
    ['DECIMAL exactly', leaf('price', 'GT', '12.49999'), true],
    ['DECIMAL as SQLite gives it back (a REAL)', leaf('price', 'EQ', '0.1'), true, { price: 0.1 }],
    ['DECIMAL as SQLite gives it back (an integer)', leaf('price', 'EQ', '5999'), true, { price: 5999n }],
    ['DOUBLE', leaf('weight', 'GE', 1.25), true],
    ['DOUBLE as text', leaf('weight', 'LT', 2), true, { weight: '1.25' }],
    ['BOOL 1 is true', leaf('active', 'EQ', true), true],
    ['BOOL 1 is not false', leaf('active', 'EQ', false), false],
    ['BOOL 0 is false', leaf('active', 'EQ', false), true, { active: 0 }],
    ['BOOL 0n (SQLite) is false', leaf('active', 'NE', true), true, { active: 0n }],
    ['BOOL true', leaf('active', 'IN', true), true, { active: true }],
    ['BOOL as PostgreSQL text', leaf('active', 'EQ', false), true, { active: 'f' }],
    ['BOOL NULL is neither', leaf('active', 'NE', true), false, { active: null }],
    ['BOOL order: true after false', leaf('active', 'GT', false), true],
    ['DATE as text', leaf('day', 'EQ', '2026-03-04'), true],
    ['DATE ordered', leaf('day', 'BETWEEN', '2026-03-01', '2026-03-31'), true],
    ['DATE as a Date', leaf('day', 'LT', '2026-03-05'), true, { day: new Date(2026, 2, 4) }],
    ['DATE as a Date, the day itself', leaf('day', 'EQ', '2026-03-04'), true, { day: new Date(2026, 2, 4) }],
    ['TIME', leaf('at', 'GT', '10:29:59'), true],
    ['TIME without seconds', leaf('at', 'EQ', '10:30:00'), true, { at: '10:30' }],
    ['DATETIME as text', leaf('stamp', 'EQ', '2026-03-04 10:00:00'), true],
    ['DATETIME ordered', leaf('stamp', 'GT', '2026-03-04 09:59:59'), true],
    [
      'DATETIME in ISO form',
      leaf('stamp', 'EQ', '2026-03-04 10:00:00'),
      true,
      { stamp: '2026-03-04T10:00:00' },
    ],
    [
      'DATETIME as a Date',
      leaf('stamp', 'EQ', '2026-03-04 10:00:00'),
      true,
      { stamp: new Date(2026, 2, 4, 10, 0, 0) },
    ],
    [
      'DATETIME with a fraction is a later instant',
      leaf('stamp', 'GT', '2026-03-04 10:00:00'),
      true,
      { stamp: '2026-03-04 10:00:00.5' },
    ],
    [
      'DATETIME with a zero fraction is the same instant',
      leaf('stamp', 'EQ', '2026-03-04 10:00:00'),
      true,
      { stamp: '2026-03-04 10:00:00.000' },
    ],
    ['CHAR padding is not text', leaf('code', 'EQ', 'AB'), true],
    ['text ordered by code point', leaf('name', 'LT', 'alice'), true],
    ['text beyond U+FFFF after the rest', leaf('name', 'GT', '\uffee'), true, { name: '😀' }],
  ])('%s', (_title, condition, expected, changes) => {
    expect(meets(condition, changes)).toBe(expected);
  });

  it('reads a timestamp with a zone as its instant, in the server time zone', () => {
    const local = dateTimeText(new Date(Date.UTC(2026, 2, 4, 10, 0, 0)));
    expect(meets(leaf('moment', 'EQ', local))).toBe(true);
    expect(meets(leaf('moment', 'EQ', local), { moment: '2026-03-04T12:00:00+02:00' })).toBe(true);
    expect(meets(leaf('moment', 'LT', local), { moment: '2026-03-04 10:00:00+01' })).toBe(true);
  });
});

describe('recordMeets: multiple choice columns', () => {
  it.each<Case>([
    ['EQ finds a chosen value', leaf('tags', 'EQ', 'c'), true],
    ['EQ finds the first one', leaf('tags', 'EQ', 'b'), true],
    ['EQ, not chosen', leaf('tags', 'EQ', 'a'), false],
    ['EQ of the whole value', leaf('tags', 'EQ', 'b,c'), true],
    ['IN finds any', leaf('tags', 'IN', 'a', 'c'), true],
    ['IN, none chosen', leaf('tags', 'IN', 'a'), false],
    ['EQ of a middle one', leaf('tags', 'EQ', 'b'), true, { tags: 'a,b,c' }],
    ['EQ of a single value', leaf('tags', 'EQ', 'a'), true, { tags: 'a' }],
    ['NE compares the whole value', leaf('tags', 'NE', 'b'), true],
    ['NOTIN compares the whole value', leaf('tags', 'NOTIN', 'b,c'), false],
  ])('%s', (_title, condition, expected, changes) => {
    expect(meets(condition, changes)).toBe(expected);
  });
});

describe('recordMeets: text on each database', () => {
  it.each<[string, Condition, Record<string, unknown>, Record<Client, boolean>]>([
    [
      'EQ minds case but on MySQL',
      leaf('name', 'EQ', 'alice'),
      {},
      { pg: false, sqlite: false, mysql: true },
    ],
    ['NE likewise', leaf('name', 'NE', 'ALICE'), {}, { pg: true, sqlite: true, mysql: false }],
    ['IN likewise', leaf('name', 'IN', 'x', 'ALICE'), {}, { pg: false, sqlite: false, mysql: true }],
    [
      'MySQL ignores trailing spaces',
      leaf('name', 'EQ', 'Alice'),
      { name: 'Alice  ' },
      { pg: false, sqlite: false, mysql: true },
    ],
    [
      'SQLite keeps the spaces of a CHAR',
      leaf('code', 'EQ', 'AB'),
      {},
      { pg: true, sqlite: false, mysql: true },
    ],
    [
      'LIKE sees the padding of a CHAR on PostgreSQL',
      leaf('code', 'ENDSWITH', 'b'),
      {},
      { pg: false, sqlite: false, mysql: true },
    ],
    [
      'LIKE sees the padding of a CHAR read trimmed on PostgreSQL',
      leaf('code', 'ENDSWITH', 'b'),
      { code: 'AB' },
      { pg: false, sqlite: true, mysql: true },
    ],
    [
      'SQLite folds ASCII letters only',
      leaf('name', 'LIKE', 'émile'),
      { name: 'Émile' },
      { pg: true, sqlite: false, mysql: true },
    ],
    [
      'MySQL ignores accents',
      leaf('name', 'STARTSWITH', 'emi'),
      { name: 'Émile' },
      { pg: false, sqlite: false, mysql: true },
    ],
    [
      'LIKECS minds case everywhere',
      leaf('name', 'LIKECS', 'alice'),
      {},
      { pg: false, sqlite: false, mysql: false },
    ],
    [
      'ordering: upper case first but on MySQL',
      leaf('name', 'LT', 'a'),
      {},
      { pg: true, sqlite: true, mysql: false },
    ],
    [
      'multiple choice: LIKE ignores case on SQLite and MySQL',
      leaf('tags', 'EQ', 'C'),
      {},
      { pg: false, sqlite: true, mysql: true },
    ],
  ])('%s', (_title, condition, changes, expected) => {
    for (const dialect of ['pg', 'sqlite', 'mysql'] as const) {
      expect([dialect, meets(condition, changes, dialect)]).toEqual([dialect, expected[dialect]]);
    }
  });

  it('compares citext without case', () => {
    expect(meets(leaf('label', 'EQ', 'mixed case'), {}, 'pg')).toBe(true);
    expect(meets(leaf('label', 'LIKE', 'D C'), {}, 'pg')).toBe(true);
  });
});

describe('recordMeets: columns with a native type', () => {
  it.each<Case>([
    ['a uuid in another form', leaf('uid', 'EQ', '{0E4F6C1A8B1E4D6A9D1C3F2A1B4C5D6E}'), true],
    ['another uuid', leaf('uid', 'NE', '0e4f6c1a-8b1e-4d6a-9d1c-3f2a1b4c5d6f'), true],
    ['a uuid ordered', leaf('uid', 'LT', '0e4f6c1a-8b1e-4d6a-9d1c-3f2a1b4c5d6f'), true],
    ['a uuid matched on its text', leaf('uid', 'LIKE', '8B1E'), true],
    ['a JSON document, keys in another order', leaf('doc', 'EQ', '{"a":"x","b":[1,2.0]}'), true],
    ['another JSON document', leaf('doc', 'EQ', '{"a":"x","b":[2,1]}'), false],
    [
      'a JSON document as text',
      leaf('doc', 'EQ', '{"b":[1,2],"a":"x"}'),
      true,
      { doc: '{"a":"x","b":[1,2]}' },
    ],
    ['a JSON document matched on its text form', leaf('doc', 'LIKE', '{"a": "x", "b": [1, 2]}'), true],
    ['an array', leaf('nums', 'EQ', '{1, 2, 3}'), true],
    ['an array ordered item by item', leaf('nums', 'LT', '{1,3}'), true],
    ['a shorter array first', leaf('nums', 'GT', '{1,2}'), true],
    ['an array matched on its text form', leaf('nums', 'LIKE', '{1,2'), true],
    ['an array as text', leaf('nums', 'IN', '{1,2,3}'), true, { nums: '{1,2,3}' }],
    ['an address with its full mask', leaf('addr', 'EQ', '10.0.0.1/32'), true],
    ['a point on its text form', leaf('spot', 'EQ', '(1.5,-2)'), true],
    ['a point matched on its text', leaf('spot', 'LIKE', '1.5,'), true],
  ])('%s', (_title, condition, expected, changes) => {
    expect(meets(condition, changes)).toBe(expected);
  });
});

describe('parseWebhookCondition', () => {
  it('parses the list filter JSON, coercing values', () => {
    expect(
      parseWebhookCondition(
        JSON.stringify({
          conditionType: 'OR',
          conditions: [
            { columnName: 'QTY', operatorType: 'in', values: ['1', 2] },
            { columnName: 'price', operatorType: 'BETWEEN', values: [1, null] },
          ],
        }),
        TABLE,
      ),
    ).toEqual(or(leaf('qty', 'IN', 1, 2), leaf('price', 'GE', '1')));
  });

  it('takes no text, empty text or null as no condition', () => {
    expect(parseWebhookCondition(null, TABLE)).toBeNull();
    expect(parseWebhookCondition(' ', TABLE)).toBeNull();
    expect(parseWebhookCondition('null', TABLE)).toBeNull();
  });

  it.each([
    ['not JSON', '{'],
    ['an unknown column', '{"columnName":"nope","operatorType":"EQ","values":[1]}'],
    ['an unknown operator', '{"columnName":"qty","operatorType":"ABOUT","values":[1]}'],
    ['a value of the wrong type', '{"columnName":"qty","operatorType":"EQ","values":["many"]}'],
    ['LIKE on a number', '{"columnName":"qty","operatorType":"LIKE","values":["1"]}'],
    ['a password compared', '{"columnName":"secret","operatorType":"EQ","values":["x"]}'],
    ['a stray key', '{"columnName":"qty","operatorType":"EQ","values":[1],"extra":1}'],
  ])('refuses %s with a 400 naming the condition', (_title, text) => {
    expect(() => parseWebhookCondition(text, TABLE)).toThrow(ApiException);
    expect(Object.keys(errorsOf(() => parseWebhookCondition(text, TABLE)))).toEqual(['condition']);
  });
});

// --- the same conditions as SQL, on each database

const SQL_TABLE: QueryTable = {
  tableName: 'cb_test_record_meets',
  primaryNames: ['id'],
  relationNames: [],
  columns: [
    column('id', 'INT', { indexType: 'PRIMARY' }),
    column('name', 'VARCHAR', { length: 40 }),
    column('code', 'CHAR', { length: 4 }),
    column('qty', 'INT'),
    column('big', 'BIGINT'),
    column('weight', 'DOUBLE'),
    column('price', 'DECIMAL', { precision: 8, scale: 2 }),
    column('day', 'DATE'),
    column('at', 'TIME'),
    column('stamp', 'DATETIME'),
    column('active', 'BOOL'),
    column('tags', 'VARCHAR', { length: 50, multipleValue: true, options: ['a', 'b', 'c'] }),
  ],
};

const ROWS: Record<string, unknown>[] = [
  {
    id: 1,
    name: 'Alice',
    code: 'AB',
    qty: 5,
    big: '9007199254740993',
    weight: 1.25,
    price: '12.50',
    day: '2026-03-04',
    at: '10:30:00',
    stamp: '2026-03-04 10:00:00',
    active: true,
    tags: 'b,c',
  },
  {
    id: 2,
    name: 'alice',
    code: 'ab',
    qty: -3,
    big: '-5',
    weight: -0.5,
    price: '0.10',
    day: '2025-12-31',
    at: '23:59:59',
    stamp: '2026-03-04 10:00:01',
    active: false,
    tags: 'A,c',
  },
  {
    id: 3,
    name: 'save 50% now',
    code: 'X_Y',
    qty: 0,
    big: '9007199254740992',
    weight: 100,
    price: '5999',
    day: '2026-03-05',
    at: '00:00:00',
    stamp: '2025-01-01 00:00:00',
    active: true,
    tags: 'a',
  },
  {
    id: 4,
    name: 'Émile',
    code: 'É',
    qty: 100,
    big: '42',
    weight: 0,
    price: '-3.00',
    day: '2026-03-04',
    at: '10:30:01',
    stamp: '2026-03-04 09:59:59',
    active: false,
    tags: 'c,a,b',
  },
  {
    id: 5,
    name: null,
    code: null,
    qty: null,
    big: null,
    weight: null,
    price: null,
    day: null,
    at: null,
    stamp: null,
    active: null,
    tags: null,
  },
  {
    id: 6,
    name: 'cherry_pie',
    code: 'c%',
    qty: 7,
    big: '9223372036854775807',
    weight: 2.5,
    price: '12.49',
    day: '2024-02-29',
    at: '12:00:00',
    stamp: '2026-12-31 23:59:59',
    active: true,
    tags: 'b',
  },
];

/** Filters as a list request writes them; text ranges are chosen so that every collation agrees. */
const FILTERS: unknown[] = [
  { columnName: 'qty', operatorType: 'EQ', values: [5] },
  { columnName: 'qty', operatorType: 'NE', values: [5] },
  { columnName: 'qty', operatorType: 'IN', values: [0, 7, 9] },
  { columnName: 'qty', operatorType: 'IN', values: [] },
  { columnName: 'qty', operatorType: 'NOTIN', values: [0, 7] },
  { columnName: 'qty', operatorType: 'NOTIN', values: [] },
  { columnName: 'qty', operatorType: 'GT', values: [0] },
  { columnName: 'qty', operatorType: 'GE', values: ['0'] },
  { columnName: 'qty', operatorType: 'LT', values: [7] },
  { columnName: 'qty', operatorType: 'LE', values: [-3] },
  { columnName: 'qty', operatorType: 'BETWEEN', values: [0, 7] },
  { columnName: 'qty', operatorType: 'NOTBETWEEN', values: [0, 7] },
  { columnName: 'qty', operatorType: 'BETWEEN', values: [7, 0] },
  { columnName: 'qty', operatorType: 'ISNULL' },
  { columnName: 'qty', operatorType: 'ISNOTNULL' },
  { columnName: 'big', operatorType: 'EQ', values: ['9007199254740993'] },
  { columnName: 'big', operatorType: 'GT', values: ['9007199254740992'] },
  { columnName: 'big', operatorType: 'LT', values: [42] },
  { columnName: 'big', operatorType: 'NOTIN', values: ['42', '-5'] },
  { columnName: 'weight', operatorType: 'GE', values: [1.25] },
  { columnName: 'weight', operatorType: 'BETWEEN', values: [-1, 2.5] },
  { columnName: 'price', operatorType: 'EQ', values: ['12.5'] },
  { columnName: 'price', operatorType: 'GT', values: ['12.49'] },
  { columnName: 'price', operatorType: 'LE', values: ['0.1'] },
  { columnName: 'price', operatorType: 'NE', values: ['5999'] },
  { columnName: 'day', operatorType: 'EQ', values: ['2026-03-04'] },
  { columnName: 'day', operatorType: 'BETWEEN', values: ['2026-01-01', '2026-03-04'] },
  { columnName: 'day', operatorType: 'LT', values: ['2026-01-01'] },
  { columnName: 'at', operatorType: 'GT', values: ['10:30'] },
  { columnName: 'at', operatorType: 'NOTBETWEEN', values: ['10:00:00', '13:00:00'] },
  { columnName: 'stamp', operatorType: 'GE', values: ['2026-03-04 10:00:00'] },
  { columnName: 'stamp', operatorType: 'EQ', values: ['2026-03-04T10:00:01'] },
  { columnName: 'stamp', operatorType: 'BETWEEN', values: ['2026-03-04 00:00:00', '2026-03-04 10:00:00'] },
  { columnName: 'active', operatorType: 'EQ', values: [true] },
  { columnName: 'active', operatorType: 'EQ', values: ['0'] },
  { columnName: 'active', operatorType: 'NE', values: [false] },
  { columnName: 'active', operatorType: 'IN', values: [true, false] },
  { columnName: 'name', operatorType: 'EQ', values: ['Alice'] },
  { columnName: 'name', operatorType: 'NE', values: ['alice'] },
  { columnName: 'name', operatorType: 'IN', values: ['ALICE', 'x'] },
  { columnName: 'name', operatorType: 'NOTIN', values: ['Alice'] },
  { columnName: 'name', operatorType: 'GT', values: ['c'] },
  { columnName: 'name', operatorType: 'BETWEEN', values: ['s', 'sz'] },
  { columnName: 'name', operatorType: 'LIKE', values: ['LIC'] },
  { columnName: 'name', operatorType: 'LIKE', values: ['50%'] },
  { columnName: 'name', operatorType: 'LIKE', values: ['y_p'] },
  { columnName: 'name', operatorType: 'LIKE', values: ['émi'] },
  { columnName: 'name', operatorType: 'NOTLIKE', values: ['ali'] },
  { columnName: 'name', operatorType: 'STARTSWITH', values: ['a'] },
  { columnName: 'name', operatorType: 'NOTSTARTSWITH', values: ['A'] },
  { columnName: 'name', operatorType: 'ENDSWITH', values: ['ICE'] },
  { columnName: 'name', operatorType: 'NOTENDSWITH', values: ['e'] },
  { columnName: 'name', operatorType: 'LIKECS', values: ['lic'] },
  { columnName: 'name', operatorType: 'LIKECS', values: ['Ali'] },
  { columnName: 'name', operatorType: 'NOTLIKECS', values: ['A'] },
  { columnName: 'code', operatorType: 'EQ', values: ['AB'] },
  { columnName: 'code', operatorType: 'ENDSWITH', values: ['B'] },
  { columnName: 'code', operatorType: 'LIKE', values: ['_'] },
  { columnName: 'code', operatorType: 'STARTSWITH', values: ['c%'] },
  { columnName: 'tags', operatorType: 'EQ', values: ['a'] },
  { columnName: 'tags', operatorType: 'IN', values: ['b', 'x'] },
  { columnName: 'tags', operatorType: 'NE', values: ['a'] },
  { columnName: 'tags', operatorType: 'NOTIN', values: ['a', 'b'] },
  {
    conditionType: 'OR',
    conditions: [
      { columnName: 'qty', operatorType: 'ISNULL' },
      {
        conditionType: 'AND',
        conditions: [
          { columnName: 'active', operatorType: 'EQ', values: [true] },
          { columnName: 'price', operatorType: 'GE', values: ['12.49'] },
        ],
      },
    ],
  },
  {
    conditionType: 'AND',
    conditions: [
      { columnName: 'name', operatorType: 'LIKE', values: ['a'] },
      {
        conditionType: 'OR',
        conditions: [
          { columnName: 'day', operatorType: 'GT', values: ['2026-03-04'] },
          { columnName: 'tags', operatorType: 'EQ', values: ['c'] },
        ],
      },
    ],
  },
  { conditionType: 'OR', conditions: [] },
  { conditionType: 'AND', conditions: [] },
];

describeEachDatabase('recordMeets agrees with SQL ($name)', (db) => {
  let env: TestEnvironment;
  let knex: Knex;
  let stored: Record<string, unknown>[] = [];

  beforeAll(async () => {
    env = await db.create();
    const source = env.config().dataSources[0];
    if (!source) throw new Error('no data source');
    knex = createKnex(source, undefined, 1);
    await knex.schema.createTable(SQL_TABLE.tableName, (t) => {
      for (const meta of SQL_TABLE.columns) {
        const definition = t.specificType(meta.name, physicalType(db.name, meta));
        if (meta.name === 'id') definition.primary();
      }
    });
    await knex(SQL_TABLE.tableName).insert(ROWS);
    stored = await sqlDialect(db.name).readRowOptions(knex(SQL_TABLE.tableName).select('*'));
  });

  afterAll(async () => {
    await knex?.destroy();
    await env?.drop();
  });

  it('reads the rows back', () => {
    expect(stored).toHaveLength(ROWS.length);
  });

  it.each(FILTERS.map((filter) => [JSON.stringify(filter)]))('%s', async (text) => {
    const condition = parseWebhookCondition(text, SQL_TABLE);
    if (!condition) throw new Error('no condition');
    const query = knex(SQL_TABLE.tableName).select('id');
    applyCondition(query, SQL_TABLE, condition, db.name);
    const selected = ((await query) as { id: unknown }[]).map((row) => Number(row.id)).sort((a, b) => a - b);
    const met = stored
      .filter((row) => recordMeets(condition, row, SQL_TABLE, db.name))
      .map((row) => Number(row.id))
      .sort((a, b) => a - b);
    expect(met).toEqual(selected);
  });
});
