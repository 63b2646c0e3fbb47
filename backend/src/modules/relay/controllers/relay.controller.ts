import { All, Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../auth/access.decorator';
import { sendRelayRefusal } from '../http/relay-refusal';
import { RelayError } from '../http/relay-error';
import { RelayKeyRoutes } from './relay-key-routes';

/**
 * OpenAI-format endpoints (docs/relay.md) other than those that run the pipeline, which are plain
 * Fastify routes (relay-routes.ts): the model list, the billing endpoints, and the answer to paths we
 * do not serve.
 */
@Controller('v1')
@Access('relay')
export class RelayController {
  constructor(private readonly keyRoutes: RelayKeyRoutes) {}

  @Get('models')
  models(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.keyRoutes.models(req, reply);
  }

  @Get('models/:model')
  model(@Param('model') model: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.keyRoutes.model(model, req, reply);
  }

  @Get('dashboard/billing/subscription')
  subscription(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.keyRoutes.subscription(req, reply);
  }

  @Get('dashboard/billing/usage')
  usage(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.keyRoutes.usage(req, reply);
  }

  /** OpenAI APIs we do not offer (files, fine-tuning, assistants...): 501; anything else: 404. */
  @All('*')
  unsupported(@Req() req: FastifyRequest, @Res() reply: FastifyReply): void {
    const error = isKnownOpenAIPath(req.url) ? RelayError.unsupportedPath() : RelayError.routeNotFound();
    sendRelayRefusal(req, reply, error);
  }
}

const OPENAI_UNSUPPORTED =
  /^\/v1\/(files|fine-tunes|fine_tuning|fine-tuning|assistants|threads|batches|uploads|vector_stores|organization|engines|edits|containers|evals|realtime|chatkit|conversations|videos|images\/variations)(\/|\?|$)/;

export function isKnownOpenAIPath(url: string): boolean {
  return OPENAI_UNSUPPORTED.test(url);
}

/** The legacy billing endpoints also answer without the /v1 prefix. */
@Controller('dashboard/billing')
@Access('relay')
export class LegacyBillingController {
  constructor(private readonly keyRoutes: RelayKeyRoutes) {}

  @Get('subscription')
  subscription(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.keyRoutes.subscription(req, reply);
  }

  @Get('usage')
  usage(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.keyRoutes.usage(req, reply);
  }
}
