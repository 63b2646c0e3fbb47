import { z } from 'zod';

/**
 * The console runs under a CSP without 'unsafe-eval' (docs/security/bodies-and-headers.md). zod compiles
 * object parsers with `new Function` when it may, and its probe for that permission is itself reported
 * as a CSP violation; a console bundle calls this once before any schema is used so that zod parses
 * without generated code. The server keeps the faster compiled parsers.
 */
export function parseSchemasWithoutEval(): void {
  z.config({ jitless: true });
}
