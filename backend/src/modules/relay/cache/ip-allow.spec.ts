import { ipAllowed, parseAllowList } from './ip-allow';

describe('allow_ips', () => {
  it('empty means any', () => expect(ipAllowed(parseAllowList(''), '1.2.3.4')).toBe(true));
  it('matches exact addresses and IPv4 CIDRs', () => {
    const list = parseAllowList('10.0.0.0/8\n192.168.1.7\n::1');
    expect(ipAllowed(list, '10.20.30.40')).toBe(true);
    expect(ipAllowed(list, '::ffff:10.1.1.1')).toBe(true);
    expect(ipAllowed(list, '192.168.1.7')).toBe(true);
    expect(ipAllowed(list, '192.168.1.8')).toBe(false);
    expect(ipAllowed(list, '::1')).toBe(true);
    expect(ipAllowed(list, '11.0.0.1')).toBe(false);
  });
});
