/**
 * Bodies of sign-in, registration and first-run setup. These only bound the sizes: the rules with
 * their own messages (required fields, password length, confirmation) are validation.ts's checkLogin,
 * checkRegister and checkSetup, applied by the console before sending and by the server's services.
 */
import { z } from 'zod';

/** POST /api/user/login. */
export const loginSchema = z.object({
  username: z.string().max(191).default(''),
  password: z.string().max(128).default(''),
});

/** POST /api/user/register. */
export const registerSchema = z.object({
  username: z.string().max(191).default(''),
  password: z.string().max(128).default(''),
  password2: z.string().max(128).default(''),
  email: z.string().max(191).optional(),
  verification_code: z.string().max(32).optional(),
  aff_code: z.string().max(32).optional(),
});

/** POST /api/setup: the first root account and the two site modes. */
export const setupSchema = z.object({
  username: z.string().max(64).default(''),
  password: z.string().max(128).default(''),
  confirmPassword: z.string().max(128).default(''),
  SelfUseModeEnabled: z.boolean().default(false),
  DemoSiteEnabled: z.boolean().default(false),
});
