import { describe, expect, it } from 'vitest';
import { parseColumnFilter } from '../../src/query/parse-column-filter';
import { columnOf, errorsOf } from './fixtures';

const parse = (name: string, raw: string) => {
  const leaf = parseColumnFilter(columnOf(name), raw, name);
  return [leaf.operator, leaf.values];
};

describe('parseColumnFilter', () => {
  it.each([
    ['name', 'apple', ['EQ', ['apple']]],
    ['name', ' apple ', ['EQ', [' apple ']]],
    ['name', '', ['EQ', ['']]],
    ['name', 'a,b', ['IN', ['a', 'b']]],
    ['name', ' a , b ,, ', ['IN', ['a', 'b']]],
    ['name', ',', ['IN', []]],
    ['name', 'EQ a,b', ['EQ', ['a,b']]],
    ['name', 'IN a', ['IN', ['a']]],
    ['name', 'LIKE app', ['LIKE', ['app']]],
    ['name', 'LIKE 50%_off', ['LIKE', ['50%_off']]],
    ['name', 'like app', ['EQ', ['like app']]],
    ['name', 'LIKEABLE', ['EQ', ['LIKEABLE']]],
    ['name', 'NE apple', ['NE', ['apple']]],
    ['name', 'NOTIN a,b', ['NOTIN', ['a', 'b']]],
    ['name', 'ISNULL', ['ISNULL', []]],
    ['name', 'ISNOTNULL', ['ISNOTNULL', []]],
    ['qty', '5', ['EQ', [5]]],
    ['qty', '1,2,3', ['IN', [1, 2, 3]]],
    ['qty', 'GE 3', ['GE', [3]]],
    ['qty', 'GT 3', ['GT', [3]]],
    ['qty', 'LE 3', ['LE', [3]]],
    ['qty', 'LT -3', ['LT', [-3]]],
    ['qty', '>= 3', ['GE', [3]]],
    ['qty', '>=3', ['GE', [3]]],
    ['qty', '> 3', ['GT', [3]]],
    ['qty', '<= 3', ['LE', [3]]],
    ['qty', '< 3', ['LT', [3]]],
    ['qty', 'BETWEEN 1,5', ['BETWEEN', [1, 5]]],
    ['qty', 'BETWEEN 1 , 5', ['BETWEEN', [1, 5]]],
    ['qty', 'BETWEEN 1,', ['GE', [1]]],
    ['qty', 'BETWEEN ,5', ['LE', [5]]],
    ['qty', 'NOTIN 1,2', ['NOTIN', [1, 2]]],
    ['big', '9223372036854775807', ['EQ', ['9223372036854775807']]],
    ['price', 'GT 9.90', ['GT', ['9.9']]],
    ['active', 'true', ['EQ', [true]]],
    ['active', 'false', ['EQ', [false]]],
    ['day', 'BETWEEN 2024-01-01,2024-12-31', ['BETWEEN', ['2024-01-01', '2024-12-31']]],
    ['stamp', '>= 2024-01-01 00:00:00', ['GE', ['2024-01-01 00:00:00']]],
    ['at', 'LT 12:00', ['LT', ['12:00:00']]],
    ['secret', 'ISNULL', ['ISNULL', []]],
  ])('%s=%j is %j', (name, raw, expected) => {
    expect(parse(name, raw)).toEqual(expected);
  });

  it.each([
    ['qty', 'abc', 'must be an integer from -128 to 127'],
    ['qty', '1,x', 'must be an integer from -128 to 127'],
    ['qty', 'GE ', 'must be an integer from -128 to 127'],
    ['qty', 'BETWEEN 1,2,3', 'BETWEEN takes "low,high" with at least one side given'],
    ['qty', 'BETWEEN ,', 'BETWEEN takes "low,high" with at least one side given'],
    ['qty', 'BETWEEN 5', 'BETWEEN takes "low,high" with at least one side given'],
    ['qty', 'LIKE 1', 'LIKE applies to text columns only'],
    ['active', 'maybe', 'must be yes or no (true/false)'],
    ['day', '2024-13-01', 'must be a date YYYY-MM-DD'],
    ['secret', 'abc', 'password column secret can only be tested for null'],
    ['secret', 'LIKE a', 'password column secret can only be tested for null'],
    ['name', `IN ${Array.from({ length: 1001 }, (_, i) => i).join(',')}`, 'at most 1000 values'],
  ])('%s=%j is a 400: %s', (name, raw, message) => {
    expect(errorsOf(() => parseColumnFilter(columnOf(name), raw, name))).toEqual({ [name]: message });
  });
});
