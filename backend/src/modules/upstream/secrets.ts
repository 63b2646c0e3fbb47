import type { RelayAdaptor } from '../../providers/provider';

/** Keeping keys out of error texts: upstream answers sometimes echo the key they were sent. */

/**
 * What an error text of a call must never carry: the channel's keys, the parts of composite keys
 * the channel type declares, and the credential prepare() derived (Vertex access token).
 */
export function callSecrets(
  adaptor: Pick<RelayAdaptor, 'keySecrets'>,
  keys: readonly string[],
  credential?: string,
): string[] {
  const parts = keys.flatMap((k) => adaptor.keySecrets?.(k) ?? []);
  return [...keys, ...parts, ...(credential ? [credential] : [])];
}

/**
 * An upstream error body with the secrets removed before it is read: readers cut long messages,
 * and a key cut in half would no longer be found by `redact`.
 */
export function redactBody(body: Buffer, secrets: readonly string[]): Buffer {
  const found = secrets.some((s) => s.length >= 4 && body.includes(s));
  return found ? Buffer.from(redact(body.toString('utf8'), secrets), 'utf8') : body;
}

/** Removes every occurrence of the given secrets (upstream messages sometimes echo the key). */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4 && out.includes(s)) out = out.split(s).join('[redacted]');
  // Key-shaped strings the upstream may have partially masked are dropped as well.
  return out.replace(/\bsk-[A-Za-z0-9_*-]{8,}/g, 'sk-[redacted]');
}
