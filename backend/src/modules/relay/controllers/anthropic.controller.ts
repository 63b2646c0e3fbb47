import { All, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../auth/access.decorator';
import { RelayError } from '../http/relay-error';
import { sendRelayRefusal } from '../http/relay-refusal';
import { anthropicDialect } from '../inbound/anthropic-dialect';
import { RelayKeyRoutes } from './relay-key-routes';

/**
 * Anthropic's Messages API other than `POST /v1/messages` itself, which runs the pipeline as a plain
 * Fastify route (relay-routes.ts): count_tokens, and Anthropic's 404 for the rest.
 */
@Controller('v1/messages')
@Access('relay')
export class AnthropicController {
  constructor(private readonly keyRoutes: RelayKeyRoutes) {}

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
