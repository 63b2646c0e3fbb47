import { All, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../auth/access.decorator';
import { RelayError } from '../http/relay-error';
import { sendRelayRefusal } from '../http/relay-refusal';
import { anthropicDialect } from '../inbound/anthropic-dialect';
import { RelayService } from '../pipeline/relay.service';
import { RelayKeyRoutes } from './relay-key-routes';

/** Anthropic's Messages API (`POST /v1/messages`), relayed to any channel type. */
@Controller('v1/messages')
@Access('relay')
export class AnthropicController {
  constructor(
    private readonly relay: RelayService,
    private readonly keyRoutes: RelayKeyRoutes,
  ) {}

  @Post()
  @HttpCode(200)
  messages(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const parse = () => anthropicDialect.parse({ body: req.body, headers: req.headers });
    return this.relay.relayAs(anthropicDialect, parse, req, reply);
  }

  @Post('count_tokens')
  @HttpCode(200)
  countTokens(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.keyRoutes.countTokens(anthropicDialect, { body: req.body, headers: req.headers }, req, reply);
  }

  /** Other Messages API paths (batches...): 404 in Anthropic's error format. */
  @All('*')
  unsupported(@Req() req: FastifyRequest, @Res() reply: FastifyReply): void {
    const error = RelayError.routeNotFound();
    sendRelayRefusal(req, reply, error, anthropicDialect.errors);
  }
}
