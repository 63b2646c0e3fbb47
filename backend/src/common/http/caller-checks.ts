import type { INestApplication } from '@nestjs/common';
import { REQUIRED_ROLE } from '../../modules/auth/access.decorator';
import { ConsoleAuthService } from '../../modules/auth/console-auth.service';
import { relayKeyCheck } from '../../modules/relay/http/relay-key-check';
import { isMjPath, MJ_CLIENT } from '../../modules/task/midjourney/mj-client';
import { anthropicDialect } from '../../modules/relay/inbound/anthropic-dialect';
import { geminiDialect } from '../../modules/relay/inbound/gemini-dialect';
import { OPENAI_CLIENT, type ClientFormat } from '../../modules/relay/inbound/inbound-dialect';
import { RelayAuthService } from '../../modules/relay/pipeline/relay-auth.service';
import { relayDialectOf } from './relay-paths';
import { AppError } from './app-error';
import type { CallerCheck, CallerChecks, ConsoleLevel } from './request-bounds';

const CLIENTS: Record<ReturnType<typeof relayDialectOf>, ClientFormat> = {
  openai: OPENAI_CLIENT,
  anthropic: anthropicDialect,
  gemini: geminiDialect,
};

/**
 * The caller checks run before a large body (request-bounds.ts), from the same services the routes
 * authenticate with: relay routes read the API key the way their client format sends it and answer
 * in that format; console routes identify the session or access token as AuthGuard does and check the
 * route's role, refusing through the error filter in the `{success, message}` envelope.
 */
export function callerChecks(app: INestApplication): CallerChecks {
  const relay = app.get(RelayAuthService);
  const users = app.get(ConsoleAuthService);
  const consoleCheck =
    (level: ConsoleLevel): CallerCheck =>
    async (req) => {
      req.authUser = await users.authenticate(req);
      // A signed-in caller below the route's role would be refused after the upload: refuse now.
      if (req.authUser.role < REQUIRED_ROLE[level]) throw AppError.forbidden();
      return true;
    };
  const clientOf = (url: string) => (isMjPath(url) ? MJ_CLIENT : CLIENTS[relayDialectOf(url)]);
  return (kind, url) => (kind === 'relay' ? relayKeyCheck(relay, clientOf(url)) : consoleCheck(kind));
}
