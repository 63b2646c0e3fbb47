import type { ApiEnvelope } from '@gw/shared';

/** A successful /api answer. */
export function ok<T>(data?: T, message = ''): ApiEnvelope<T> {
  return data === undefined ? { success: true, message } : { success: true, message, data };
}

const OK_HEAD = Buffer.from('{"success":true,"message":"","data":');
const OK_TAIL = Buffer.from('}');

/**
 * `ok(data)` as UTF-8 bytes around `data` already serialised (`dataJson`: the JSON of the value), for answers
 * the database writes as JSON itself. A Buffer: sent as it is, its length known without reading it (a
 * string joined from a large one is slow to measure and to encode; docs/dashboard.md).
 */
export function okJson(dataJson: Buffer): Buffer {
  return Buffer.concat([OK_HEAD, dataJson, OK_TAIL]);
}
