import type { z } from 'zod';

/** A message key as the schemas write them in issue messages ("token.name_required"). */
const MESSAGE_KEY = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/;

/**
 * The first problem a schema finds in `value`, as a message key, or null when it passes. A schema
 * names the message of the rules a user can break (`min(1, 'token.name_required')`); an issue without
 * one (a bare bound the form's inputs already keep to) answers `fallback`. The server answers the
 * same key (its ZodPipe), so a form that shows this shows what the API would say.
 */
export function schemaProblem(schema: z.ZodType, value: unknown, fallback = 'error.check_input'): string | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  const message = parsed.error.issues[0]?.message ?? '';
  return MESSAGE_KEY.test(message) ? message : fallback;
}
