import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { Access } from '../auth/access.decorator';

/** Liveness (process up) and readiness (database answers). */
@Controller()
@Access('public')
export class HealthController {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  @Get('healthz')
  @HttpCode(200)
  live(): { status: string } {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<{ status: string }> {
    try {
      await this.ds.query('SELECT 1');
      return { status: 'ok' };
    } catch {
      void reply.status(503);
      return { status: 'database unavailable' };
    }
  }
}
