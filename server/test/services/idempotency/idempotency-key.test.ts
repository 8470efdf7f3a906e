import { describe, expect, it } from 'vitest';
import { readIdempotencyKey } from '../../../src/services/idempotency/idempotency-key';

describe('readIdempotencyKey', () => {
  it('is none without the header', () => {
    expect(readIdempotencyKey(undefined)).toEqual({ kind: 'none' });
  });

  it.each([
    'a',
    '0f8fe1e2-3a4b-4c5d-8e9f-0a1b2c3d4e5f',
    'order 42 / try #1',
    '~!@#$%^&*()_+{}|:"<>?`-=[]\\;\',./',
    'x'.repeat(255),
  ])('takes %j as it is', (value) => {
    expect(readIdempotencyKey(value)).toEqual({ kind: 'key', key: value });
  });

  it('tells case apart and keeps inner spaces', () => {
    expect(readIdempotencyKey('Key A')).toEqual({ kind: 'key', key: 'Key A' });
    expect(readIdempotencyKey('key a')).toEqual({ kind: 'key', key: 'key a' });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['x'.repeat(256), 'tooLong'],
    ['a\tb', 'notPrintable'],
    ['a\u0000b', 'notPrintable'],
    ['a\u001fb', 'notPrintable'],
    ['a\u007fb', 'notPrintable'],
    ['clé', 'notPrintable'],
    ['键', 'notPrintable'],
  ])('refuses %j: %s', (value, problem) => {
    expect(readIdempotencyKey(value)).toEqual({ kind: 'invalid', problem, length: value.length });
  });

  it('refuses a header sent twice', () => {
    expect(readIdempotencyKey(['a', 'b'])).toEqual({ kind: 'invalid', problem: 'repeated', length: 2 });
  });
});
