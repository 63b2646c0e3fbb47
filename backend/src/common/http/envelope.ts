import type { ApiEnvelope } from '@gw/shared';

/** A successful /api answer. */
export function ok<T>(data?: T, message = ''): ApiEnvelope<T> {
  return data === undefined ? { success: true, message } : { success: true, message, data };
}

/**
 * The text of `ok(data)` around `data` already serialised (`dataJson`, the JSON text of the value): for
 * answers the database writes as JSON itself. Sent with a JSON content type, it is passed on unchanged.
 */
export function okJson(dataJson: string): string {
  return `{"success":true,"message":"","data":${dataJson}}`;
}
