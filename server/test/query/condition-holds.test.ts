import { describe, expect, it } from 'vitest';
import { conditionHolds } from '../../src/query/condition-holds';
import type { Condition, LeafCondition } from '../../src/query/query-types';
import { column, PRODUCT } from './fixtures';

const leaf = (
  name: string,
  operator: LeafCondition['operator'],
  ...values: LeafCondition['values']
): Condition => ({
  kind: 'leaf',
  column: name,
  operator,
  values,
});

const TABLE = {
  ...PRODUCT,
  columns: [
    ...PRODUCT.columns,
    column('tags', 'VARCHAR', { length: 50, multipleValue: true, options: ['a', 'b', 'c'] }),
    column('ownerId', 'BIGINT'),
  ],
};

const RECORD = {
  id: 7,
  name: 'Alice',
  ownerId: '9007199254740993',
  qty: 5,
  price: '12.50',
  day: '2026-03-04',
  stamp: '2026-03-04 10:00:00',
  active: true,
  note: null,
  tags: 'b,c',
  secret: undefined,
};

const holds = (condition: Condition, values: Record<string, unknown> = RECORD) =>
  conditionHolds(condition, values, TABLE);

describe('conditionHolds', () => {
  it('compares integers beyond 2^53 exactly, and numbers as numbers', () => {
    expect(holds(leaf('ownerId', 'EQ', '9007199254740993'))).toBe(true);
    expect(holds(leaf('ownerId', 'EQ', '9007199254740992'))).toBe(false);
    expect(holds(leaf('qty', 'GT', 4))).toBe(true);
    expect(holds(leaf('qty', 'LT', 5))).toBe(false);
    expect(holds(leaf('price', 'BETWEEN', '12.5', '13'))).toBe(true);
    expect(holds(leaf('price', 'GE', '12.51'))).toBe(false);
  });

  it('orders dates and times by their fixed-width text', () => {
    expect(holds(leaf('day', 'LE', '2026-03-04'))).toBe(true);
    expect(holds(leaf('stamp', 'GT', '2026-03-04 10:00:01'))).toBe(false);
    expect(holds(leaf('stamp', 'LT', '2026-12-31 00:00:00'))).toBe(true);
  });

  it('takes the stricter answer where databases differ on text case', () => {
    expect(holds(leaf('name', 'EQ', 'Alice'))).toBe(true);
    expect(holds(leaf('name', 'EQ', 'alice'))).toBe(false);
    expect(holds(leaf('name', 'NE', 'alice'))).toBe(false);
    expect(holds(leaf('name', 'NE', 'Bob'))).toBe(true);
    expect(holds(leaf('name', 'NOTIN', 'bob', 'ALICE'))).toBe(false);
    expect(holds(leaf('name', 'LIKE', 'LIC'))).toBe(true);
  });

  it('matches text at either end ignoring case, anywhere minding case, and the NOT forms; NOT BETWEEN outside the range', () => {
    expect(holds(leaf('name', 'STARTSWITH', 'al'))).toBe(true);
    expect(holds(leaf('name', 'STARTSWITH', 'li'))).toBe(false);
    expect(holds(leaf('name', 'NOTSTARTSWITH', 'AL'))).toBe(false);
    expect(holds(leaf('name', 'ENDSWITH', 'CE'))).toBe(true);
    expect(holds(leaf('name', 'NOTENDSWITH', 'x'))).toBe(true);
    expect(holds(leaf('name', 'NOTLIKE', 'LIC'))).toBe(false);
    expect(holds(leaf('name', 'NOTLIKE', 'bob'))).toBe(true);
    expect(holds(leaf('name', 'LIKECS', 'lic'))).toBe(true);
    expect(holds(leaf('name', 'LIKECS', 'LIC'))).toBe(false);
    expect(holds(leaf('name', 'NOTLIKECS', 'LIC'))).toBe(true);
    // A null meets no text match, negated or not.
    expect(holds(leaf('note', 'NOTLIKE', 'x'))).toBe(false);
    expect(holds(leaf('note', 'NOTLIKECS', 'x'))).toBe(false);
    expect(holds(leaf('qty', 'NOTBETWEEN', 1, 4))).toBe(true);
    expect(holds(leaf('qty', 'NOTBETWEEN', 5, 9))).toBe(false);
    expect(holds(leaf('qty', 'NOTBETWEEN', 1, 5))).toBe(false);
  });

  it('treats NULL as SQL does, and a value not held as meeting no test', () => {
    expect(holds(leaf('note', 'ISNULL'))).toBe(true);
    expect(holds(leaf('note', 'NE', 'x'))).toBe(false);
    expect(holds(leaf('note', 'NOTIN', 'x'))).toBe(false);
    expect(holds(leaf('weight', 'ISNULL'))).toBe(false);
    expect(holds(leaf('weight', 'ISNOTNULL'))).toBe(false);
    // A password's value is never kept: no test on it holds, not even IS NULL.
    expect(holds(leaf('secret', 'ISNULL'), { ...RECORD, secret: null })).toBe(false);
    expect(holds(leaf('missing', 'ISNULL'))).toBe(false);
  });

  it('matches any choice of a multiple choice value, and booleans in any stored form', () => {
    expect(holds(leaf('tags', 'EQ', 'c'))).toBe(true);
    expect(holds(leaf('tags', 'IN', 'a', 'b'))).toBe(true);
    expect(holds(leaf('tags', 'EQ', 'a'))).toBe(false);
    expect(holds(leaf('active', 'EQ', true), { ...RECORD, active: 1 })).toBe(true);
    expect(holds(leaf('active', 'EQ', false))).toBe(false);
  });

  it('combines groups; an empty OR holds for nothing and an empty AND for everything', () => {
    const own = leaf('ownerId', 'EQ', '9007199254740993');
    expect(holds({ kind: 'group', conditionType: 'AND', conditions: [own, leaf('qty', 'GT', 10)] })).toBe(
      false,
    );
    expect(holds({ kind: 'group', conditionType: 'OR', conditions: [leaf('qty', 'GT', 10), own] })).toBe(
      true,
    );
    expect(holds({ kind: 'group', conditionType: 'OR', conditions: [] })).toBe(false);
    expect(holds({ kind: 'group', conditionType: 'AND', conditions: [] })).toBe(true);
  });
});
