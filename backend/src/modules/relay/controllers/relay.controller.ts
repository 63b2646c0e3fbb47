import { All, Controller, HttpCode, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../auth/access.decorator';
import { RelayService } from '../pipeline/relay.service';
import { sendRelayRefusal } from '../http/relay-refusal';
import { RelayError } from '../http/relay-error';
import { RelayKeyRoutes } from './relay-key-routes';
import { responsesDialect } from '../inbound/responses-dialect';

/**
 * OpenAI-format endpoints (docs/relay.md). Each handler hands the raw request to
 * the pipeline, which authenticates the API key and writes the response itself.
 */
@Controller('v1')
@Access('relay')
export class RelayController {
  constructor(
    private readonly relay: RelayService,
    private readonly keyRoutes: RelayKeyRoutes,
  ) {}

  @Post('chat/completions')
  @HttpCode(200)
  chat(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.relay.relay('chat', req, reply);
  }

  @Post('completions')
  @HttpCode(200)
  completions(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.relay.relay('completions', req, reply);
  }

  @Post('embeddings')
  @HttpCode(200)
  embeddings(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.relay.relay('embeddings', req, reply);
  }

  @Post('moderations')
  @HttpCode(200)
  moderations(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.relay.relay('moderations', req, reply);
  }

  @Post('images/generations')
  @HttpCode(200)
  imageGenerations(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.relay.relay('images.generations', req, reply);
  }

  @Post('images/edits')
  @HttpCode(200)
  imageEdits(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.relay.relay('images.edits', req, reply);
  }

  @Post('audio/speech')
  @HttpCode(200)
  speech(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.relay.relay('audio.speech', req, reply);
  }

  @Post('audio/transcriptions')
  @HttpCode(200)
  transcriptions(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.relay.relay('audio.transcriptions', req, reply);
  }

  @Post('audio/translations')
  @HttpCode(200)
  translations(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.relay.relay('audio.translations', req, reply);
  }

  @Post('rerank')
  @HttpCode(200)
  rerank(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.relay.relay('rerank', req, reply);
  }

  @Post('responses')
  @HttpCode(200)
  responses(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const parse = () => responsesDialect.parse({ body: req.body, headers: req.headers });
    return this.relay.relayAs(responsesDialect, parse, req, reply);
  }

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
