import { All, Controller, HttpCode, Get, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../auth/access.decorator';
import { RelayError } from '../http/relay-error';
import { sendRelayRefusal } from '../http/relay-refusal';
import { geminiArrayClient, geminiDialect, parseGeminiEmbed, splitModelAction } from '../inbound/gemini-dialect';
import { RelayService } from '../pipeline/relay.service';
import { RelayKeyRoutes } from './relay-key-routes';

/**
 * Gemini's API (`/v1beta/models...`): generateContent, streamGenerateContent and the embedding
 * methods relayed to any channel type; countTokens; the key's models in Gemini's list format.
 */
@Controller('v1beta')
@Access('relay')
export class GeminiController {
  constructor(
    private readonly relay: RelayService,
    private readonly keyRoutes: RelayKeyRoutes,
  ) {}

  @Get('models')
  models(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.keyRoutes.geminiModels(req, reply);
  }

  @Get('models/*')
  model(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.keyRoutes.geminiModel(wildcard(req), req, reply);
  }

  @Post('models/*')
  @HttpCode(200)
  method(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const { model, action } = splitModelAction(wildcard(req));
    const input = { body: req.body, headers: req.headers, model };
    if (action === 'countTokens') return this.keyRoutes.countTokens(geminiDialect, input, req, reply);
    if (action === 'embedContent' || action === 'batchEmbedContents') {
      const parse = () => parseGeminiEmbed(input, action === 'batchEmbedContents');
      return this.relay.relayAs(geminiDialect, parse, req, reply);
    }
    if (action !== 'generateContent' && action !== 'streamGenerateContent') return this.unsupported(req, reply);
    const stream = action === 'streamGenerateContent';
    // Without alt=sse Gemini streams one JSON array (@google/genai asks for SSE).
    const jsonArray = stream && (req.query as { alt?: unknown } | undefined)?.alt !== 'sse';
    const parse = () => geminiDialect.parse({ ...input, stream, jsonArray });
    return this.relay.relayAs(jsonArray ? geminiArrayClient : geminiDialect, parse, req, reply);
  }

  /** Other Gemini methods and paths: 404 in Gemini's error format. */
  @All('*')
  unsupported(@Req() req: FastifyRequest, @Res() reply: FastifyReply): void {
    const error = RelayError.routeNotFound();
    sendRelayRefusal(req, reply, error, geminiDialect.errors);
  }
}

function wildcard(req: FastifyRequest): string {
  return (req.params as Record<string, string | undefined>)['*'] ?? '';
}
