import { describe, expect, it } from 'vitest';

import { addressKey, isOverwideSubnet } from '#app/lib/ip-address.ts';

describe('addressKey', () => {
  it('keeps an IPv4 address as it is, also when a dual-stack socket reports it IPv4-mapped', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::FFFF:c633:6407')).toBe('198.51.100.7');
  });

  it('groups IPv6 addresses by their /64, whatever their spelling', () => {
    const key = addressKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const same of ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0:0:0:abcd', '2001:db8:1:2:a:b:c:d%eth0']) {
      expect(addressKey(same), same).toBe(key);
    }
    expect(addressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('answers anything that is not an address as its own key', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('not an address')).toBe('not an address');
    expect(addressKey('x'.repeat(500))).toHaveLength(100);
  });
});

describe('isOverwideSubnet', () => {
  it('is true for ranges holding nearly every client, false for a private network', () => {
    expect(isOverwideSubnet('0.0.0.0', 0)).toBe(true);
    expect(isOverwideSubnet('128.0.0.0', 1)).toBe(true);
    expect(isOverwideSubnet('::', 0)).toBe(true);
    expect(isOverwideSubnet('::ffff:0:0', 96)).toBe(true);
    expect(isOverwideSubnet('::ffff:0:0', 103)).toBe(true);
    expect(isOverwideSubnet('10.0.0.0', 8)).toBe(false);
    expect(isOverwideSubnet('fc00::', 7)).toBe(false);
    expect(isOverwideSubnet('::ffff:10.0.0.0', 104)).toBe(false);
    expect(isOverwideSubnet('2001:db8::', 32)).toBe(false);
  });
});
