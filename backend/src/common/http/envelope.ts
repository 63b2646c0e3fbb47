import type { ApiEnvelope } from '@gw/shared';

/** A successful /api answer. */
export function ok<T>(data?: T, message = ''): ApiEnvelope<T> {
  return data === undefined ? { success: true, message } : { success: true, message, data };
}
