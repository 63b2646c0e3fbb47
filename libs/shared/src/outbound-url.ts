import ipaddr from 'ipaddr.js';

/**
 * URLs the server calls on a user's behalf (webhooks, the proxy worker, OIDC endpoints) must lead to
 * the public Internet: never to this host, the private network or a cloud metadata service
 * (docs/security/options-and-outbound.md). This is the written-value rule, shared by the console and
 * the server; the server checks every address again when it connects, after DNS.
 */
export type OutboundUrlError = 'invalid' | 'scheme' | 'credentials' | 'not_public';

/** Decides whether the server may connect to an address (an IP string as DNS or a URL gives it). */
export type AddressPolicy = (ip: string) => boolean;

/**
 * True only for globally routable unicast addresses: IPv4 outside loopback, private, link-local
 * (169.254.169.254 and the other metadata addresses), carrier-grade NAT, multicast, broadcast and the
 * reserved blocks; IPv6 inside 2000::/3 outside its special blocks (6to4, Teredo, NAT64 embed IPv4
 * addresses and are refused). An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as IPv4.
 */
export const isPublicAddress: AddressPolicy = (ip) => {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(ip.replace(/^\[(.*)\]$/, '$1'));
  } catch {
    return false;
  }
  if (addr.kind() === 'ipv6') {
    const v6 = addr as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
    return v6.range() === 'unicast' && v6.parts[0] >= 0x2000 && v6.parts[0] <= 0x3fff;
  }
  return addr.range() === 'unicast';
};

/**
 * Names that lead inside whatever they resolve to: localhost, mDNS (.local), cloud-internal names
 * (metadata.google.internal and all of .internal), .localdomain, .home.arpa, and names without a dot
 * (resolved through the host's search domains).
 */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/;

/** Checks a hostname as the WHATWG URL parser left it (IPv4 in dotted decimal, IPv6 in brackets). */
export function checkOutboundHost(hostname: string, allowed: AddressPolicy = isPublicAddress): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  if (!host) return false;
  if (host.startsWith('[') || ipaddr.IPv4.isValidFourPartDecimal(host))
    return allowed(host.replace(/^\[(.*)\]$/, '$1'));
  return host.includes('.') && !INTERNAL_NAME.test(host);
}

/**
 * The written-value rule: an http(s) URL without credentials whose host is a public address or a name
 * that is not internal by its spelling. `new URL()` turns every IPv4 spelling (127.1, 2130706433,
 * 0177.0.0.1, 0x7f.1, full-width digits) into dotted decimal first, so one check covers them all.
 * What a name resolves to is checked when connecting (the server's outbound client).
 */
export function checkOutboundUrl(raw: string, allowed: AddressPolicy = isPublicAddress): OutboundUrlError | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  if (url.username || url.password) return 'credentials';
  return checkOutboundHost(url.hostname, allowed) ? null : 'not_public';
}
