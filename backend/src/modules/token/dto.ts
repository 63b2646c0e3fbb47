/** Token request schemas: defined once in libs/shared (schemas/token.ts), used here by the routes. */
import type { createTokenSchema, tokenSearchSchema, updateTokenSchema } from '@gw/shared';
import type { z } from 'zod';

export { createTokenSchema, tokenSearchSchema, updateTokenSchema } from '@gw/shared';

export type CreateTokenDto = z.infer<typeof createTokenSchema>;
export type UpdateTokenDto = z.infer<typeof updateTokenSchema>;
export type TokenSearchQuery = z.infer<typeof tokenSearchSchema>;
