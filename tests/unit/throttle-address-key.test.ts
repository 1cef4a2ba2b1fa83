import { describe, expect, it } from 'vitest';

import { addressKey } from '#app/services/throttles/address-key.ts';

describe('addressKey', () => {
  it('keeps an IPv4 address as it is, and reads an IPv4-mapped IPv6 address as IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('groups an IPv6 address by its /64, however it is written', () => {
    const network = '2001:db8:1:2::/64';
    for (const ip of ['2001:db8:1:2::1', '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2:0:0:0:0', '2001:db8:1:2::9%eth0']) {
      expect(addressKey(ip)).toBe(network);
    }
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps anything else as given, cut short', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('not an address')).toBe('not an address');
    expect(addressKey('x'.repeat(500))).toHaveLength(100);
  });
});
