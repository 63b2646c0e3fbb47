import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Access } from '../auth/access.decorator';
import { OpenApiService } from './openapi.service';

/** GET /api/openapi.json: the OpenAPI 3.1 document of /api and /v1 (docs/api-reference.md). */
@Controller('api')
@Access('public')
export class OpenApiController {
  constructor(private readonly openapi: OpenApiService) {}

  @Get('openapi.json')
  async document(@Res() reply: FastifyReply): Promise<void> {
    await reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(this.openapi.documentJson);
  }
}
