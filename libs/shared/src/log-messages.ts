/**
 * Log rows the gateway writes in words (management rows) keep their text in `content` (English, for
 * readers of the raw row) and a message reference in `other` (`msg` and `msg_params`), which the
 * console renders in the viewer's language (docs/console.md "Usage log"). Pure; shared by the writers
 * and the console.
 */

/** Message ids; the console's dictionaries hold one text per id (`log.msg.<id>`). */
export const LogMessage = {
  /** An administrator changed a user's balance: admin, admin_id, from_quota, to_quota, delta_quota. */
  QuotaChanged: 'quota_changed',
  /** Root revealed a channel's stored key: admin, admin_id, channel_id. */
  ChannelKeyRevealed: 'channel_key_revealed',
} as const;

export type LogMessageId = (typeof LogMessage)[keyof typeof LogMessage];

export type LogMessageParams = Record<string, string | number>;

/** The `other` fields that name a row's message. */
export function logMessageFields(msg: LogMessageId, params: LogMessageParams): { msg: LogMessageId; msg_params: LogMessageParams } {
  return { msg, msg_params: params };
}

/** The message a row's parsed `other` names, or null (old rows, rows written without one, bad data). */
export function logMessageOf(other: unknown): { id: string; params: LogMessageParams } | null {
  if (!other || typeof other !== 'object') return null;
  const { msg, msg_params } = other as { msg?: unknown; msg_params?: unknown };
  if (typeof msg !== 'string' || !/^[a-z][a-z0-9_]{0,63}$/.test(msg)) return null;
  const params: LogMessageParams = {};
  if (msg_params && typeof msg_params === 'object' && !Array.isArray(msg_params)) {
    for (const [k, v] of Object.entries(msg_params as Record<string, unknown>)) {
      if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) params[k] = v;
    }
  }
  return { id: msg, params };
}
