import { Controller, HttpCode, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../auth/access.decorator';
import { SunoRelay } from './suno-relay.service';

/** The Suno relay (docs/tasks.md): API key as Bearer, answers in new-api's task format. */
@Controller('suno')
@Access('relay')
export class SunoController {
  constructor(private readonly suno: SunoRelay) {}

  @Post('submit/:action')
  @HttpCode(200)
  submit(@Param('action') action: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.suno.submit(action, req, reply);
  }

  @Post('fetch')
  @HttpCode(200)
  fetchMany(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.suno.fetchMany(req, reply);
  }

  @Get('fetch/:taskId')
  fetchOne(@Param('taskId') id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.suno.fetchOne(id, req, reply);
  }
}
