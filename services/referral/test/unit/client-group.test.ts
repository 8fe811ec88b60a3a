import { describe, expect, it } from 'vitest';
import { clientGroup } from '../../src/domain/leads.ts';

describe('clientGroup (who a lead is counted against)', () => {
  it('keeps an IPv4 address, and the IPv4 address inside an IPv4-mapped IPv6 one', () => {
    expect(clientGroup('203.0.113.7')).toBe('203.0.113.7');
    expect(clientGroup('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientGroup('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('takes an IPv6 address as its /64, however it is written', () => {
    const group = '2001:0db8:0001:0002::/64';
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:DB8:1:2:0:0:0:9', '2001:db8:1:2::1%eth0', '2001:db8:1:2::192.0.2.1']) {
      expect(clientGroup(address)).toBe(group);
    }
    expect(clientGroup('2001:db8:1:3::1')).not.toBe(group);
    expect(clientGroup('::1')).toBe('0000:0000:0000:0000::/64');
    expect(clientGroup('2001:db8::')).toBe('2001:0db8:0000:0000::/64');
  });

  it('keeps anything else as it is, and no address as none', () => {
    expect(clientGroup('not-an-address')).toBe('not-an-address');
    expect(clientGroup(null)).toBeNull();
    expect(clientGroup('')).toBeNull();
  });
});
