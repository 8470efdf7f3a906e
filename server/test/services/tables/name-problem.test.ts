import { describe, expect, it } from 'vitest';
import { isApiColumnName, isSafeIdentifier, nameProblem } from '../../../src/services/tables/name-problem';
import { HOSTILE_NAMES } from '../../helpers/hostile-names';

describe('nameProblem', () => {
  it.each(HOSTILE_NAMES)('refuses %j by pattern', (name) => {
    expect(nameProblem(name)?.en).toMatch(/letters, digits and underscores|is required/);
  });

  it.each(['order', 'ORDER', 'User', 'select', 'group', 'key', 'rowid'])(
    'refuses the reserved word %s',
    (name) => {
      expect(nameProblem(name)?.zh).toBe(`${name} 是数据库保留字，不能用作名称`);
    },
  );

  it('limits database names to 63 characters and keeps cb_ for crudboard', () => {
    expect(nameProblem('a'.repeat(64))).toBeUndefined();
    expect(nameProblem('a'.repeat(64), { physical: true })?.en).toBe(
      'a database name has at most 63 characters',
    );
    expect(nameProblem('a'.repeat(63), { physical: true })).toBeUndefined();
    expect(nameProblem('CB_things', { physical: true, table: true })?.en).toMatch(/cb_/);
    expect(nameProblem('cb_things', { physical: true })).toBeUndefined();
  });

  it.each(['product', '_x', 'orderLine2', 'A_B_C'])('accepts %s', (name) => {
    expect(nameProblem(name, { physical: true, table: true })).toBeUndefined();
    expect(isSafeIdentifier(name)).toBe(true);
  });

  it('calls an identifier safe only when the pattern holds', () => {
    expect(HOSTILE_NAMES.some(isSafeIdentifier)).toBe(false);
  });
});

describe('isApiColumnName (a reversed column named by the API as it is)', () => {
  it.each([
    '名称',
    '客户编号',
    'first name',
    'sales-region',
    'Kündé',
    '2024销量',
    '$total',
    'order',
    'ORDER_ID',
  ])('accepts %j', (name) => {
    expect(isApiColumnName(name)).toBe(true);
  });

  it.each([
    "a'b",
    'a"b',
    'a`b',
    'a;drop table x',
    'a,b',
    'a=b',
    'a.b',
    'a/*b*/',
    'a\\b',
    'a\u0000b',
    'a\nb',
    ' lead',
    'trail ',
    'a -',
    'price desc',
    'x ASC',
    'a(b)',
    'a'.repeat(64),
    '',
  ])('refuses %j', (name) => {
    expect(isApiColumnName(name)).toBe(false);
  });
});
