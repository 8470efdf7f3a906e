import { describe, expect, it } from 'vitest';
import { idempotencyKeyHash } from '../../../src/services/idempotency/idempotency-key-hash';
import { requestFingerprint } from '../../../src/services/idempotency/request-fingerprint';

describe('requestFingerprint', () => {
  const base = requestFingerprint('POST', '/api/business/product', { name: 'a', price: 1 });

  it('is a SHA-256 in hex', () => {
    expect(base).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is the same for the same request, whatever the order of the body members or the case of the method', () => {
    expect(requestFingerprint('post', '/api/business/product', { price: 1, name: 'a' })).toBe(base);
  });

  it('differs with the method, the path or any value of the body', () => {
    expect(requestFingerprint('PATCH', '/api/business/product', { name: 'a', price: 1 })).not.toBe(base);
    expect(requestFingerprint('POST', '/api/business/order', { name: 'a', price: 1 })).not.toBe(base);
    expect(requestFingerprint('POST', '/api/business/product', { name: 'a', price: 2 })).not.toBe(base);
    expect(requestFingerprint('POST', '/api/business/product', { name: 'a', price: '1' })).not.toBe(base);
    expect(requestFingerprint('POST', '/api/business/product', { name: 'a' })).not.toBe(base);
  });

  it('does not let the path and the body run into each other', () => {
    expect(requestFingerprint('POST', '/a', 'b')).not.toBe(requestFingerprint('POST', '/a\n"b', null));
  });
});

describe('idempotencyKeyHash', () => {
  it('is 64 hex characters whatever the length of the key, and tells case apart', () => {
    expect(idempotencyKeyHash('k'.repeat(255))).toMatch(/^[0-9a-f]{64}$/);
    expect(idempotencyKeyHash('Key')).not.toBe(idempotencyKeyHash('key'));
    expect(idempotencyKeyHash('key')).toBe(idempotencyKeyHash('key'));
  });
});
