import { isIP } from 'node:net';

/** allow_ips of a token: one IP or IPv4 CIDR per line (commas accepted). Null: any address. */
export type IpAllowList = readonly ((ip: string) => boolean)[] | null;

function ipv4ToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;
}

/** Strips the IPv4-mapped IPv6 prefix (::ffff:1.2.3.4). */
export function normalizeIp(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip.toLowerCase();
}

export function parseAllowList(text: string | null | undefined): IpAllowList {
  const rules: ((ip: string) => boolean)[] = [];
  for (const raw of (text ?? '').split(/[\n,]/)) {
    const entry = raw.trim();
    if (!entry) continue;
    const [addr, bitsText] = entry.split('/');
    if (bitsText !== undefined && isIP(addr) === 4) {
      const bits = Math.min(32, Math.max(0, Number(bitsText) | 0));
      const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
      const net = ipv4ToInt(addr) & mask;
      rules.push((ip) => isIP(ip) === 4 && (ipv4ToInt(ip) & mask) >>> 0 === net >>> 0);
    } else if (isIP(addr)) {
      const want = normalizeIp(addr);
      rules.push((ip) => ip === want);
    }
  }
  return rules.length > 0 ? rules : null;
}

export function ipAllowed(list: IpAllowList, ip: string): boolean {
  if (list === null) return true;
  const normalized = normalizeIp(ip);
  return list.some((rule) => rule(normalized));
}
