import { Controller, Get, HttpCode, Inject, Optional, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { Access } from '../auth/access.decorator';
import type { LogArchive } from '../log/log-archive';
import { LOG_ARCHIVE } from '../log/log-shipping.service';

/**
 * Liveness (process up) and readiness (the database answers). A log database (LOG_SQL_DSN) that does
 * not answer is reported but leaves the node ready: relaying goes on and its rows wait in the main
 * database (docs/logs.md).
 */
@Controller()
@Access('public')
export class HealthController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @Optional() @Inject(LOG_ARCHIVE) private readonly logArchive?: LogArchive | null,
  ) {}

  @Get('healthz')
  @HttpCode(200)
  live(): { status: string } {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<{ status: string; log_database?: string }> {
    try {
      await this.ds.query('SELECT 1');
      if (!this.logArchive) return { status: 'ok' };
      return { status: 'ok', log_database: (await this.logArchive.up()) ? 'ok' : 'unavailable' };
    } catch {
      void reply.status(503);
      return { status: 'database unavailable' };
    }
  }
}
