import { type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { AppError } from './app-error';
import type { MessageKey } from '../i18n/messages';
import { isMessageKey } from '../i18n/i18n';

/**
 * Validates a body or query with a zod schema. A schema may use a message key as its issue message
 * (e.g. `z.string().min(8, 'user.password_too_short')`): that key is answered, localised. Otherwise
 * the answer is "invalid parameters" naming the field.
 */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const parsed = this.schema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    if (issue && isMessageKey(issue.message)) throw AppError.badRequest(issue.message as MessageKey);
    const detail = issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'body';
    throw AppError.badRequest('common.invalid_params', { detail });
  }
}
