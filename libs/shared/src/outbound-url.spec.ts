import { checkOutboundHost, checkOutboundUrl, isPublicAddress } from './outbound-url';

describe('outbound URLs lead to the public Internet only', () => {
  it.each([
    // Loopback in every spelling the URL parser accepts.
    'http://127.0.0.1/',
    'http://127.1/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f.1/',
    'http://0x7f000001/',
    'http://１２７.０.０.１/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[0:0:0:0:0:ffff:127.0.0.1]/',
    'http://[::127.0.0.1]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[2002:7f00:1::]/',
    // Unspecified, private, link-local, CGNAT, unique-local, multicast, broadcast, metadata.
    'http://0.0.0.0/',
    'http://0/',
    'http://[::]/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.100.100.200/',
    'http://[fd00::1]/',
    'http://[fd00:ec2::254]/',
    'http://[fe80::1]/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://[ff02::1]/',
    // Internal names.
    'http://localhost/',
    'http://LOCALHOST./',
    'http://api.localhost/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://metadata.google.internal./',
    'http://printer.local/',
    'http://intranet/',
  ])('%s is refused', (url) => expect(checkOutboundUrl(url)).toBe('not_public'));

  it.each([
    ['ftp://example.com/', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['gopher://example.com/', 'scheme'],
    ['https://user:pass@example.com/', 'credentials'],
    ['https://user@example.com/', 'credentials'],
    ['not a url', 'invalid'],
    ['http://[fe80::1%25eth0]/', 'invalid'],
  ])('%s is refused as %s', (url, error) => expect(checkOutboundUrl(url)).toBe(error));

  it.each([
    'https://example.com/hook',
    'http://93.184.215.14:8080/x',
    'https://[2606:4700::1111]/',
    'https://hooks.slack.com/services/x',
  ])('%s is accepted', (url) => expect(checkOutboundUrl(url)).toBeNull());

  it('judges addresses as DNS returns them', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2001:4860:4860::8888')).toBe(true);
    for (const ip of ['127.0.0.1', '::1', '::ffff:10.0.0.1', '169.254.169.254', '100.64.0.1', 'fc00::1', 'garbage', ''])
      expect(isPublicAddress(ip)).toBe(false);
  });

  it('takes another address policy (tests, allow lists)', () => {
    expect(checkOutboundHost('127.0.0.1', (ip) => ip === '127.0.0.1')).toBe(true);
    expect(checkOutboundUrl('http://10.0.0.1/', (ip) => ip === '127.0.0.1')).toBe('not_public');
  });
});
