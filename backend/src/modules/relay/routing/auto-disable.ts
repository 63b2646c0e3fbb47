/** The settings behind auto-disable (AutomaticDisableChannelEnabled, AutomaticDisableKeywords). */
export interface AutoDisablePolicy {
  readonly enabled: boolean;
  /** One keyword per line. */
  readonly keywords: string;
}

/**
 * Pure: why a channel should be disabled after this failure, or null. Triggers (docs/channel-types.md#status):
 * upstream 401/403, or an error message containing a keyword; only when the option is on and the
 * channel has auto_ban. A 429 never disables (rate limits are transient), nor does a network fault.
 */
export function autoDisableReason(
  policy: AutoDisablePolicy,
  autoBan: boolean,
  status: number | null,
  message: string,
): string | null {
  if (!policy.enabled || !autoBan || status === null || status === 429) return null;
  if (status === 401 || status === 403) return `upstream status ${status}: ${message}`.slice(0, 512);
  const lower = message.toLowerCase();
  const hit = policy.keywords
    .split('\n')
    .map((k) => k.trim().toLowerCase())
    .find((k) => k && lower.includes(k));
  return hit ? `upstream status ${status}, keyword "${hit}": ${message}`.slice(0, 512) : null;
}
