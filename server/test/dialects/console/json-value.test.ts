import { describe, expect, it } from 'vitest';
import { jsonValue } from '../../../src/dialects/sql/console/json-value';

class Interval {
  hours = 1;
  minutes = 30n;
}

class Point {
  toJSON() {
    return { x: 1n };
  }
}

describe('jsonValue', () => {
  it('keeps JSON scalars and turns null-likes into null', () => {
    expect([1, 1.5, 'a', true, false, null, undefined].map(jsonValue)).toEqual([
      1,
      1.5,
      'a',
      true,
      false,
      null,
      null,
    ]);
  });

  it('gives BigInt as a number when exact, else as text', () => {
    expect(jsonValue(42n)).toBe(42);
    expect(jsonValue(9007199254740993n)).toBe('9007199254740993');
    expect(jsonValue(-9007199254740993n)).toBe('-9007199254740993');
  });

  it('marks binary values and gives them in base64', () => {
    expect(jsonValue(Buffer.from([1, 2, 255]))).toEqual({ $binary: 'AQL/' });
    expect(jsonValue(new Uint8Array([0]))).toEqual({ $binary: 'AA==' });
  });

  it('writes dates in ISO form and non-finite numbers as text', () => {
    expect(jsonValue(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)))).toBe('2024-01-02T03:04:05.000Z');
    expect(jsonValue(new Date(Number.NaN))).toBeNull();
    expect([Number.NaN, Number.POSITIVE_INFINITY].map(jsonValue)).toEqual(['NaN', 'Infinity']);
  });

  it('converts arrays, JSON objects and driver objects member by member', () => {
    expect(jsonValue([1n, [Buffer.from('a')], { a: 2n, b: { c: null } }])).toEqual([
      1,
      [{ $binary: 'YQ==' }],
      { a: 2, b: { c: null } },
    ]);
    expect(jsonValue(new Interval())).toEqual({ hours: 1, minutes: 30 });
    expect(jsonValue(new Point())).toEqual({ x: 1 });
    expect(JSON.stringify(jsonValue({ big: 2n ** 70n }))).toBe('{"big":"1180591620717411303424"}');
  });
});
