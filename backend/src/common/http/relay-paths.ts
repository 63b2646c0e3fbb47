/** Paths answered in the OpenAI error format instead of the console envelope. */
const RELAY_PREFIXES = ['/v1/', '/v1beta/', '/pg/', '/dashboard/', '/mj/', '/suno/'];

export function isRelayPath(url: string): boolean {
  return RELAY_PREFIXES.some((p) => url.startsWith(p)) || url === '/v1' || url === '/v1beta';
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

/** The client format a relay path speaks, for errors answered before its handler runs (bad JSON...). */
export function relayDialectOf(url: string): 'openai' | 'anthropic' | 'gemini' {
  if (url === '/v1/messages' || url.startsWith('/v1/messages/') || url.startsWith('/v1/messages?')) return 'anthropic';
  if (url === '/v1beta' || url.startsWith('/v1beta/') || url.startsWith('/v1beta?')) return 'gemini';
  return 'openai';
}
