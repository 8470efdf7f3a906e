import { describe, expect, it } from 'vitest';
import { clientAddressKey, plainAddress } from '../../src/net/client-address-key';

describe('clientAddressKey', () => {
  it('counts an IPv4 client by its address, mapped into IPv6 or not', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(plainAddress('::FFFF:10.0.0.1')).toBe('10.0.0.1');
  });

  it('counts an IPv6 client by its /64, however the address is written', () => {
    const key = '2001:db8:1:2::/64';
    expect(clientAddressKey('2001:db8:1:2::1')).toBe(key);
    expect(clientAddressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientAddressKey('2001:DB8:1:2:0:0:0:9%eth0')).toBe(key);
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64');
  });
});
