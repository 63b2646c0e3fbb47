import { createPrivateKey, createSign } from 'node:crypto';
import { ProviderInputError } from '../shared/errors';

/** Google service-account key → signed JWT assertion → OAuth access-token exchange (pure parts). */

export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  private_key_id?: string;
  project_id: string;
  token_uri: string;
}

export const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';
/** Google accepts assertions valid for at most one hour. */
const ASSERTION_TTL_SECONDS = 3600;

/** The channel key (service-account JSON) parsed and checked; the private key must be a PEM RSA key. */
export function parseServiceAccountKey(json: string): ServiceAccountKey {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(json) as Record<string, unknown>;
  } catch {
    throw new ProviderInputError('Vertex AI key must be a service-account JSON');
  }
  const str = (k: string) => (typeof raw?.[k] === 'string' ? (raw[k] as string) : '');
  if (raw?.type !== undefined && raw.type !== 'service_account') throw new ProviderInputError('Vertex AI key is not a service-account key');
  const key: ServiceAccountKey = {
    client_email: str('client_email'),
    private_key: str('private_key'),
    project_id: str('project_id'),
    token_uri: str('token_uri') || GOOGLE_TOKEN_URI,
    ...(str('private_key_id') ? { private_key_id: str('private_key_id') } : {}),
  };
  if (!key.client_email || !key.project_id || !key.private_key.includes('PRIVATE KEY')) {
    throw new ProviderInputError('Vertex AI key needs client_email, project_id and private_key');
  }
  return key;
}

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/**
 * RS256 JWT for the jwt-bearer grant: iss = client_email, aud = token_uri, scope, iat = now,
 * exp = now + 1 h; kid = private_key_id. Deterministic for a given key and time.
 */
export function createJwtAssertion(key: ServiceAccountKey, nowSeconds: number, scope = CLOUD_PLATFORM_SCOPE): string {
  const header = { alg: 'RS256', typ: 'JWT', ...(key.private_key_id ? { kid: key.private_key_id } : {}) };
  const iat = Math.floor(nowSeconds);
  const claims = { iss: key.client_email, scope, aud: key.token_uri, iat, exp: iat + ASSERTION_TTL_SECONDS };
  const unsigned = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  let pem;
  try {
    pem = createPrivateKey(key.private_key);
  } catch {
    throw new ProviderInputError('Vertex AI private_key is not a valid PEM key');
  }
  const signature = createSign('RSA-SHA256').update(unsigned).sign(pem);
  return `${unsigned}.${b64url(signature)}`;
}

/** The POST that trades the assertion for an access token. */
export function tokenRequest(key: ServiceAccountKey, assertion: string): { url: string; headers: Record<string, string>; body: string } {
  const body = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString();
  return { url: key.token_uri, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body };
}

/** Token endpoint answer → token and its expiry (unix seconds, minus a safety margin for caching). */
export function parseTokenResponse(res: unknown, nowSeconds: number, marginSeconds = 300): { accessToken: string; expiresAt: number } {
  const r = (res ?? {}) as { access_token?: unknown; expires_in?: unknown };
  if (typeof r.access_token !== 'string' || !r.access_token) throw new ProviderInputError('token response has no access_token');
  const ttl = Number(r.expires_in);
  return { accessToken: r.access_token, expiresAt: Math.floor(nowSeconds) + Math.max(0, (Number.isFinite(ttl) ? ttl : 3600) - marginSeconds) };
}
