import { OPENAI_ERRORS } from '../../relay/http/relay-reply';
import { bearer, headerValue, type ClientFormat } from '../../relay/inbound/inbound-dialect';

/**
 * Midjourney clients send the API key as `mj-api-secret` (midjourney-proxy's header) or as Bearer;
 * used by the routes and by the key check before a large body (base64 images).
 */
export const MJ_CLIENT: ClientFormat = {
  errors: OPENAI_ERRORS,
  authorization: (h) => bearer(headerValue(h['mj-api-secret'])) ?? headerValue(h.authorization),
};

export const isMjPath = (url: string): boolean => url.startsWith('/mj/');
