/** Paths answered in the OpenAI error format instead of the console envelope. */
const RELAY_PREFIXES = ['/v1/', '/v1beta/', '/pg/', '/dashboard/', '/mj/', '/suno/'];

export function isRelayPath(url: string): boolean {
  return RELAY_PREFIXES.some((p) => url.startsWith(p)) || url === '/v1' || url === '/v1beta';
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}
