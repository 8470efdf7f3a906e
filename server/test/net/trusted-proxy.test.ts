import { describe, expect, it } from 'vitest';
import { trustedProxyTest } from '../../src/net/trusted-proxy';

describe('trustedProxyTest', () => {
  it('trusts nobody when off, every peer for true or a hop count', () => {
    expect(trustedProxyTest(false)('127.0.0.1')).toBe(false);
    expect(trustedProxyTest(0)('127.0.0.1')).toBe(false);
    expect(trustedProxyTest(true)('203.0.113.7')).toBe(true);
    expect(trustedProxyTest(1)('203.0.113.7')).toBe(true);
  });

  it('trusts the listed addresses, CIDRs, netmasks and named ranges only', () => {
    const trusted = trustedProxyTest(
      '10.1.2.3, 192.168.0.0/16,172.16.0.0/255.240.0.0, loopback, 2001:db8::/32',
    );
    for (const address of [
      '10.1.2.3',
      '::ffff:10.1.2.3',
      '192.168.200.1',
      '172.31.0.9',
      '127.0.0.5',
      '::1',
      '2001:db8:5::1',
    ]) {
      expect(trusted(address), address).toBe(true);
    }
    for (const address of ['10.1.2.4', '172.32.0.1', '203.0.113.7', '2001:db9::1']) {
      expect(trusted(address), address).toBe(false);
    }
  });
});
