/** Sign-in, registration, e-mail codes, reset and third-party sign-in (docs/identity/). */
import { emailBindQuerySchema, loginResultSchema, loginSchema, passwordResetSchema, registerSchema, verificationQuerySchema } from '@gw/shared';
import { z } from 'zod';
import { data, FAILURE, OK, STRING, type Contract } from '../route-doc';

const turnstile = z.object({ turnstile: z.string().optional().describe('Human-check token when Turnstile is on (docs/identity/human-check.md).') });
const aff = z.object({ aff: z.string().optional().describe('Invite code of the inviter.') });
const telegramFields = z.looseObject({ id: z.string(), hash: z.string(), auth_date: z.string() }).describe('The Telegram login widget fields.');
const signedInOrBound = z.union([data(loginResultSchema), OK]).describe("Signed in (data), or, with a session, bound (message 'bind').");

export const authRoutes: Contract = {
  'POST /api/user/login': {
    tag: 'auth',
    summary: 'Sign in with user name and password (sets the session cookie)',
    description: 'A wrong user name or password is answered with HTTP 200 and `success: false`, as new-api does.',
    query: turnstile,
    body: loginSchema,
    response: z.union([data(loginResultSchema), FAILURE]),
  },
  'POST /api/user/register': { tag: 'auth', summary: 'Create an account', query: turnstile, body: registerSchema, response: OK },
  'GET /api/user/logout': { tag: 'auth', summary: 'End the session (kept for existing consoles; prefer POST)', response: OK },
  'POST /api/user/logout': { tag: 'auth', summary: 'End the session', response: OK },
  'GET /api/verification': { tag: 'auth', summary: 'Mail a verification code', query: verificationQuerySchema, response: OK },
  'GET /api/reset_password': { tag: 'auth', summary: 'Mail a password-reset link', query: verificationQuerySchema, response: OK },
  'POST /api/user/reset': { tag: 'auth', summary: 'Reset the password with the mailed token; data is the new password', body: passwordResetSchema, response: STRING },
  'GET /api/oauth/email/bind': { tag: 'oauth', summary: 'Bind an e-mail address with its code', query: emailBindQuerySchema, response: OK },
  'GET /api/oauth/state': { tag: 'oauth', summary: 'A state for a client-built authorize URL', query: aff, response: STRING },
  'GET /api/oauth/:provider/start': { tag: 'oauth', summary: 'Redirect (302) to the provider: github, oidc or linuxdo', query: aff, response: 'redirect' },
  'GET /api/oauth/:provider': {
    tag: 'oauth',
    summary: 'Provider callback: sign in, sign up, or (with a session) bind',
    query: z.object({ code: z.string(), state: z.string() }),
    response: signedInOrBound,
  },
  'GET /api/oauth/wechat': { tag: 'oauth', summary: 'Sign in with a WeChat code', query: z.object({ code: z.string() }), response: data(loginResultSchema) },
  'GET /api/oauth/wechat/bind': { tag: 'oauth', summary: 'Bind WeChat (message bind)', query: z.object({ code: z.string() }), response: OK },
  'GET /api/oauth/telegram/login': { tag: 'oauth', summary: 'Sign in with the Telegram widget', query: telegramFields, response: data(loginResultSchema) },
  'GET /api/oauth/telegram/bind': { tag: 'oauth', summary: 'Bind Telegram (message bind)', query: telegramFields, response: OK },
};
