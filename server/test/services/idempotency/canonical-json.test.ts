import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/services/idempotency/canonical-json';

describe('canonicalJson', () => {
  it('sorts the members of objects at every depth, and keeps the order of arrays', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
  });

  it('is the same for objects that differ only in the order of their members', () => {
    expect(canonicalJson({ name: 'a', price: 1.5, tags: ['x'] })).toBe(
      canonicalJson({ tags: ['x'], price: 1.5, name: 'a' }),
    );
  });

  it('writes scalars as JSON does, and tells apart values JSON tells apart', () => {
    expect(canonicalJson('中文 "q"')).toBe(JSON.stringify('中文 "q"'));
    expect(canonicalJson(1)).not.toBe(canonicalJson('1'));
    expect(canonicalJson(true)).toBe('true');
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson({})).toBe('{}');
  });

  it('follows JSON.stringify for undefined: a member left out, an array item null, no value null', () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(canonicalJson([undefined])).toBe('[null]');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('escapes member names', () => {
    expect(canonicalJson({ 'a"b': 1 })).toBe('{"a\\"b":1}');
  });
});
