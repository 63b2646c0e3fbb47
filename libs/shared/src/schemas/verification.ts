/**
 * E-mail codes, address binding and password reset (docs/identity/email-and-reset.md). Address
 * rules with their own messages are email-address.ts's checkEmailAddress; these bound the sizes.
 */
import { z } from 'zod';

const email = z.string().trim().max(191).default('');

/** GET /api/verification and GET /api/reset_password. */
export const verificationQuerySchema = z.object({
  email,
  turnstile: z.string().max(4096).optional(),
});

/** GET /api/oauth/email/bind. */
export const emailBindQuerySchema = z.object({
  email,
  code: z.string().trim().max(32).default(''),
});

/** POST /api/user/reset. */
export const passwordResetSchema = z.object({
  email,
  token: z.string().trim().max(128).default(''),
});
