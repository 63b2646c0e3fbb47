import { splitChannelKeys } from './channel-keys';
import { ChannelType, channelTypeInfo } from './channel-types';
import type { RuleResult } from './validation';

/**
 * Which channel fields decide where a channel's credential is sent (or which credential and account
 * it is), and the rules for the region names that end up in upstream host names. The server refuses
 * non-root changes to these fields and checks regions on save; the console uses the same rules for
 * its form. Behaviour for operators: docs/security/channel-credentials.md.
 */

export const BEDROCK_CHANNEL_TYPE = ChannelType.Bedrock;
export const VERTEX_CHANNEL_TYPE = ChannelType.VertexAI;

/** A region as it may appear in an upstream host name (Vertex AI, AWS Bedrock). */
export const REGION_PATTERN = /^[a-z0-9-]+$/;

export function isValidRegion(region: unknown): region is string {
  return typeof region === 'string' && REGION_PATTERN.test(region);
}

/** Whether a type's `other` picks the upstream host or the account (then it is root-only). */
export function otherIsDestination(type: number): boolean {
  const meaning = channelTypeInfo(type)?.other?.meaning;
  return meaning === 'region' || meaning === 'account';
}

/**
 * Every value a Vertex AI `other` names as a region: the plain region, or each value of the JSON
 * model → region map (as stored, not checked). Empty `other` names none (the global endpoint).
 * Null when `other` starts with "{" but is not a JSON object.
 */
export function vertexRegionsOf(other: string | null | undefined): unknown[] | null {
  const text = (other ?? '').trim();
  if (!text) return [];
  if (!text.startsWith('{')) return [text];
  try {
    const map: unknown = JSON.parse(text);
    return map && typeof map === 'object' && !Array.isArray(map) ? Object.values(map) : null;
  } catch {
    return null;
  }
}

/** The region part of each key of a Bedrock channel ("AK|SK|region[|session token]", one per line). */
export function bedrockRegionsOf(key: string): string[] {
  return splitChannelKeys(BEDROCK_CHANNEL_TYPE, key).map((k) => (k.split('|')[2] ?? '').trim());
}

/**
 * Save-time check of the regions a channel puts into host names: every Vertex region (each map
 * value too) and the region of every Bedrock key must match REGION_PATTERN. `key` is checked only
 * when given (an update without a key keeps the stored one).
 */
export function checkChannelRegions(type: number, fields: { other?: string | null; key?: string }): RuleResult {
  if (type === VERTEX_CHANNEL_TYPE) {
    const regions = vertexRegionsOf(fields.other);
    if (regions === null) return 'channel.other_json_invalid';
    return regions.every(isValidRegion) ? null : 'channel.region_invalid';
  }
  if (type === BEDROCK_CHANNEL_TYPE && fields.key?.trim()) {
    return bedrockRegionsOf(fields.key).every(isValidRegion) ? null : 'channel.region_invalid';
  }
  return null;
}

/** The channel fields that decide the destination or the credential. */
export interface ChannelCredentialFields {
  type: number;
  key?: string | null;
  base_url: string | null;
  other: string | null;
  openai_organization: string | null;
  setting: string | null;
  param_override: string | null;
}

/** Field names (as on the wire) only root may change on an existing channel. */
export type CredentialField = keyof ChannelCredentialFields;

/** Top-level param_override keys that name HTTP headers. */
const HEADER_KEY = /^(headers?|header_override|extra_headers)$/i;

const parseObject = (text: string | null | undefined): Record<string, unknown> | null => {
  try {
    const v: unknown = JSON.parse((text ?? '').trim());
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/** A JSON value with object keys sorted, so that equal values compare equal as text. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/**
 * The header part of a param_override, as canonical text ('' when there is none): its top-level
 * header keys (headers, header_override, extra_headers) and the entries of an `operations` list that
 * mention headers. The rest of a param_override only rewrites the request body.
 */
export function paramOverrideHeaders(text: string | null | undefined): string {
  const obj = parseObject(text);
  if (!obj) return '';
  const keys = Object.entries(obj).filter(([k]) => HEADER_KEY.test(k));
  const ops = Array.isArray(obj.operations) ? obj.operations.filter((op) => /header/i.test(canonical(op))) : [];
  return keys.length || ops.length ? canonical({ keys: Object.fromEntries(keys), ops }) : '';
}

/** Same JSON value (key order and spacing aside), or the same trimmed text when either is not JSON. */
function sameJsonText(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = (a ?? '').trim();
  const y = (b ?? '').trim();
  if (x === y) return true;
  try {
    return canonical(JSON.parse(x || 'null')) === canonical(JSON.parse(y || 'null'));
  } catch {
    return false;
  }
}

const trimmed = (v: string | null | undefined) => (v ?? '').trim();
const baseUrlOf = (v: string | null | undefined) => trimmed(v).replace(/\/+$/, '');

/**
 * The credential and destination fields `patch` would change on `stored`, by wire name. A value equal
 * to the stored one is no change (the console may send the whole form back). Any non-empty key counts
 * as a change: keys are never compared, so the answer cannot tell whether a guessed key is right.
 */
export function credentialChanges(
  stored: ChannelCredentialFields,
  patch: Partial<ChannelCredentialFields>,
): CredentialField[] {
  const out: CredentialField[] = [];
  if (patch.type !== undefined && patch.type !== stored.type) out.push('type');
  if (patch.key?.trim()) out.push('key');
  if (patch.base_url !== undefined && baseUrlOf(patch.base_url) !== baseUrlOf(stored.base_url)) out.push('base_url');
  const destinationOther = otherIsDestination(stored.type) || otherIsDestination(patch.type ?? stored.type);
  if (patch.other !== undefined && destinationOther && trimmed(patch.other) !== trimmed(stored.other))
    out.push('other');
  if (
    patch.openai_organization !== undefined &&
    trimmed(patch.openai_organization) !== trimmed(stored.openai_organization)
  )
    out.push('openai_organization');
  if (patch.setting !== undefined && !sameJsonText(patch.setting, stored.setting)) out.push('setting');
  if (
    patch.param_override !== undefined &&
    paramOverrideHeaders(patch.param_override) !== paramOverrideHeaders(stored.param_override)
  )
    out.push('param_override');
  return out;
}
