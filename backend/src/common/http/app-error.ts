import type { MessageKey } from '../i18n/messages';
import type { MessageParams } from '../i18n/i18n';

/** A domain error: a message key (localised when rendered) and the HTTP status to answer with. */
export class AppError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly status = 400,
    readonly params?: MessageParams,
  ) {
    super(key);
  }

  static badRequest(key: MessageKey, params?: MessageParams) {
    return new AppError(key, 400, params);
  }
  /** A refusal answered with HTTP 200 and `success:false` (wrong sign-in credentials, as new-api answers them). */
  static refused(key: MessageKey, params?: MessageParams) {
    return new AppError(key, 200, params);
  }
  static unauthorized(key: MessageKey = 'auth.not_logged_in') {
    return new AppError(key, 401);
  }
  static forbidden(key: MessageKey = 'auth.forbidden', params?: MessageParams) {
    return new AppError(key, 403, params);
  }
  static notFound(key: MessageKey = 'common.not_found') {
    return new AppError(key, 404);
  }
}
