import { All, Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../auth/access.decorator';
import { RelayError } from '../http/relay-error';
import { sendRelayRefusal } from '../http/relay-refusal';
import { geminiDialect } from '../inbound/gemini-dialect';
import { RelayKeyRoutes } from './relay-key-routes';
import { wildcard } from './relay-routes';

/**
 * Gemini's API (`/v1beta/models...`) other than the model methods (`POST /v1beta/models/*`), which run
 * as a plain Fastify route (relay-routes.ts): the key's models in Gemini's list format, and Gemini's
 * 404 for the rest.
 */
@Controller('v1beta')
@Access('relay')
export class GeminiController {
  constructor(private readonly keyRoutes: RelayKeyRoutes) {}

  @Get('models')
  models(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.keyRoutes.geminiModels(req, reply);
  }

  @Get('models/*')
  model(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.keyRoutes.geminiModel(wildcard(req), req, reply);
  }

  /** Other Gemini methods and paths: 404 in Gemini's error format. */
  @All('*')
  unsupported(@Req() req: FastifyRequest, @Res() reply: FastifyReply): void {
    const error = RelayError.routeNotFound();
    sendRelayRefusal(req, reply, error, geminiDialect.errors);
  }
}
