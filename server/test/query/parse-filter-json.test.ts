import { describe, expect, it } from 'vitest';
import { MAX_FILTER_DEPTH, parseFilterJson } from '../../src/query/parse-filter-json';
import { errorsOf, PRODUCT } from './fixtures';

const parse = (json: unknown) =>
  parseFilterJson(typeof json === 'string' ? json : JSON.stringify(json), PRODUCT);
const leaf = (columnName: string, operatorType: string, values?: unknown[]) => ({
  columnName,
  operatorType,
  values,
});

const nested = (depth: number): unknown =>
  depth === 1 ? leaf('qty', 'EQ', [1]) : { conditionType: 'AND', conditions: [nested(depth - 1)] };

describe('parseFilterJson', () => {
  it('parses a leaf, coercing values to the column type', () => {
    expect(parse(leaf('qty', 'IN', ['1', 2]))).toEqual({
      kind: 'leaf',
      column: 'qty',
      operator: 'IN',
      values: [1, 2],
    });
    expect(parse({ name: 'L', ...leaf('NAME', 'like', ['a']) })).toEqual({
      kind: 'leaf',
      column: 'name',
      operator: 'LIKE',
      values: ['a'],
    });
  });

  it('parses nested AND / OR groups', () => {
    expect(
      parse({
        name: 'C',
        conditionType: 'OR',
        conditions: [
          leaf('active', 'EQ', [true]),
          { conditionType: 'and', conditions: [leaf('qty', 'ISNULL')] },
        ],
      }),
    ).toEqual({
      kind: 'group',
      conditionType: 'OR',
      conditions: [
        { kind: 'leaf', column: 'active', operator: 'EQ', values: [true] },
        {
          kind: 'group',
          conditionType: 'AND',
          conditions: [{ kind: 'leaf', column: 'qty', operator: 'ISNULL', values: [] }],
        },
      ],
    });
  });

  it.each([
    [leaf('qty', 'BETWEEN', [1, null]), { kind: 'leaf', column: 'qty', operator: 'GE', values: [1] }],
    [leaf('qty', 'BETWEEN', ['', 5]), { kind: 'leaf', column: 'qty', operator: 'LE', values: [5] }],
    [leaf('qty', 'IN', []), { kind: 'leaf', column: 'qty', operator: 'IN', values: [] }],
    [leaf('qty', 'ISNOTNULL'), { kind: 'leaf', column: 'qty', operator: 'ISNOTNULL', values: [] }],
  ])('parses %j', (json, expected) => {
    expect(parse(json)).toEqual(expected);
  });

  it('accepts the JSON URL-encoded once more, and treats blank or null as no filter', () => {
    expect(parse(encodeURIComponent(JSON.stringify(leaf('qty', 'EQ', [1]))))).toEqual({
      kind: 'leaf',
      column: 'qty',
      operator: 'EQ',
      values: [1],
    });
    expect(parse('')).toBeNull();
    expect(parse('null')).toBeNull();
  });

  it(`accepts ${MAX_FILTER_DEPTH} levels and refuses more`, () => {
    expect(parse(nested(MAX_FILTER_DEPTH))).not.toBeNull();
    expect(errorsOf(() => parse(nested(MAX_FILTER_DEPTH + 1)))).toEqual({
      filter: 'conditions nest at most 10 levels deep',
    });
  });

  it('refuses more than 1000 conditions', () => {
    const wide = {
      conditionType: 'OR',
      conditions: Array.from({ length: 1000 }, () => leaf('qty', 'EQ', [1])),
    };
    expect(errorsOf(() => parse(wide))).toEqual({ filter: 'at most 1000 conditions in all' });
  });

  it.each([
    ['{"columnName":', 'is not a valid JSON condition'],
    ['%7B%22a', 'is not a valid JSON condition'],
    ['[]', 'a condition is {conditionType, conditions} or {columnName, operatorType, values}'],
    ['1', 'a condition is {conditionType, conditions} or {columnName, operatorType, values}'],
    [leaf('nope', 'EQ', [1]), 'the table has no column nope'],
    [leaf('fullTextBody', 'LIKE', ['a']), 'column fullTextBody cannot be queried'],
    [leaf('t1.password', 'EQ', [1]), 'the table has no column t1.password'],
    [leaf('qty', 'SLEEP', [1]), 'unknown operator SLEEP'],
    [leaf('qty', 'INSELECT', ['user']), 'unknown operator INSELECT'],
    [leaf('qty', 'EQ', [1, 2]), 'EQ takes 1 value(s)'],
    [leaf('qty', 'EQ', []), 'EQ takes 1 value(s)'],
    [leaf('qty', 'ISNULL', [1]), 'ISNULL takes 0 value(s)'],
    [leaf('qty', 'BETWEEN', [1]), 'BETWEEN takes 2 value(s)'],
    [leaf('qty', 'BETWEEN', [null, null]), 'BETWEEN takes "low,high" with at least one side given'],
    [leaf('qty', 'EQ', [{ $gt: 1 }]), 'must be a single value'],
    [leaf('qty', 'EQ', [[1]]), 'must be a single value'],
    [leaf('qty', 'EQ', [null]), 'must be a single value'],
    [leaf('qty', 'EQ', ['x']), 'must be an integer from -128 to 127'],
    [leaf('secret', 'EQ', ['x']), 'password column secret can only be tested for null'],
    [
      { ...leaf('qty', 'EQ', [1]), funcName: 'sleep' },
      'a condition is {conditionType, conditions} or {columnName, operatorType, values}',
    ],
    [
      { columnName: 'qty', operatorType: 'EQ', values: 1 },
      'a condition is {conditionType, conditions} or {columnName, operatorType, values}',
    ],
    [
      { conditionType: 'XOR', conditions: [] },
      'a condition is {conditionType, conditions} or {columnName, operatorType, values}',
    ],
    [
      { conditionType: 'AND', conditions: {} },
      'a condition is {conditionType, conditions} or {columnName, operatorType, values}',
    ],
    [
      { conditionType: 'AND', conditions: [], inTableName: 'user' },
      'a condition is {conditionType, conditions} or {columnName, operatorType, values}',
    ],
  ])('refuses %j: %s', (json, message) => {
    expect(errorsOf(() => parse(json))).toEqual({ filter: message });
  });
});
