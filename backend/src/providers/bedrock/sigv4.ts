import { createHash, createHmac } from 'node:crypto';

/** AWS Signature Version 4 for request headers (pure: the time is an input). */

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface SigV4Input {
  method: string;
  /** The URL exactly as it will be sent: its path is canonicalised as written (encoded once more). */
  url: string;
  /** Headers to send and sign (names case-insensitive); host and x-amz-date are added. */
  headers?: Readonly<Record<string, string>>;
  body?: string | Uint8Array;
  region: string;
  service: string;
  credentials: AwsCredentials;
  date: Date;
  /** Sign x-amz-security-token (default true); false adds it after signing, as some services expect. */
  signSessionToken?: boolean;
}

export interface SigV4Result {
  /** Every header to send: the input ones plus host, x-amz-date, x-amz-security-token and authorization. */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding: everything but A-Z a-z 0-9 - _ . ~ percent-encoded. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** 2015-08-30T12:36:00.000Z → 20150830T123600Z */
export function amzDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

function splitUrl(url: string): { host: string; rawPath: string; rawQuery: string } {
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)(?:\?([^#]*))?/i.exec(url);
  return { host: new URL(url).host, rawPath: m?.[1] || '/', rawQuery: m?.[2] ?? '' };
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Path segments URI-encoded (non-S3 rule: an already-encoded path is encoded a second time). */
function canonicalPath(rawPath: string): string {
  return rawPath.split('/').map(uriEncode).join('/') || '/';
}

function canonicalQuery(rawQuery: string): string {
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const i = pair.indexOf('=');
      const [k, v] = i < 0 ? [pair, ''] : [pair.slice(0, i), pair.slice(i + 1)];
      return [uriEncode(decode(k)), uriEncode(decode(v))];
    })
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** kSigning = HMAC chain of date, region, service and "aws4_request" from "AWS4" + secret. */
export function signingKey(secret: string, day: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
}

/** Signs a request with SigV4 (AWS4-HMAC-SHA256, header form). */
export function signV4(input: SigV4Input): SigV4Result {
  const { host, rawPath, rawQuery } = splitUrl(input.url);
  const stamp = amzDate(input.date);
  const day = stamp.slice(0, 8);
  const token = input.credentials.sessionToken;
  const signToken = input.signSessionToken !== false;

  const toSign = new Map<string, string[]>();
  const add = (name: string, value: string) => {
    const key = name.toLowerCase();
    toSign.set(key, [...(toSign.get(key) ?? []), value.trim().replace(/\s+/g, ' ')]);
  };
  for (const [name, value] of Object.entries(input.headers ?? {})) add(name, value);
  if (!toSign.has('host')) add('host', host);
  toSign.set('x-amz-date', [stamp]);
  if (token && signToken) toSign.set('x-amz-security-token', [token]);

  const names = [...toSign.keys()].sort();
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    input.method.toUpperCase(),
    canonicalPath(rawPath),
    canonicalQuery(rawQuery),
    names.map((n) => `${n}:${(toSign.get(n) ?? []).join(',')}\n`).join(''),
    signedHeaders,
    sha256Hex(input.body ?? ''),
  ].join('\n');
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(input.credentials.secretAccessKey, day, input.region, input.service))
    .update(stringToSign, 'utf8')
    .digest('hex');

  const own = new Set(['host', 'x-amz-date', 'x-amz-security-token', 'authorization']);
  const headers: Record<string, string> = Object.fromEntries(Object.entries(input.headers ?? {}).filter(([n]) => !own.has(n.toLowerCase())));
  headers.host = toSign.get('host')?.[0] ?? host;
  headers['x-amz-date'] = stamp;
  if (token) headers['x-amz-security-token'] = token;
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { headers, canonicalRequest, stringToSign, signature };
}
