import { Controller, Get, Headers, Inject, NotFoundException, Res, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { Access } from '../auth/access.decorator';
import { bearerMatches } from './metrics-access';
import { RelayMetrics } from './relay-metrics.service';

/**
 * GET /metrics on the main port: only with METRICS_TOKEN set, and only for its bearer token; 404
 * otherwise, so that a gateway without it does not reveal the route (docs/observability.md).
 */
@Controller('metrics')
@Access('public')
export class MetricsController {
  constructor(
    private readonly metrics: RelayMetrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async scrape(@Headers('authorization') authorization: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    const token = this.config.metrics.token;
    if (!token) throw new NotFoundException();
    if (!bearerMatches(authorization, token)) throw new UnauthorizedException();
    const body = await this.metrics.registry.metrics();
    void reply.header('content-type', this.metrics.registry.contentType).send(body);
  }
}
