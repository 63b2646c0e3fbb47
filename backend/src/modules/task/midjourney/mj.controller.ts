import { Controller, HttpCode, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../auth/access.decorator';
import { MjRelay } from './mj-relay.service';

/**
 * The Midjourney relay in midjourney-proxy's format (docs/tasks.md); key as `mj-api-secret` or
 * Bearer. Each submit kind is its own route so that the route list documents them.
 */
@Controller('mj')
@Access('relay')
export class MjController {
  constructor(private readonly mj: MjRelay) {}

  @Post('submit/:kind')
  @HttpCode(200)
  submit(@Param('kind') kind: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.mj.submit(kind, req, reply);
  }

  @Get('task/:taskId/fetch')
  fetch(@Param('taskId') id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.mj.fetchOne(id, req, reply);
  }

  @Post('task/list-by-condition')
  @HttpCode(200)
  list(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.mj.list(req, reply);
  }

  @Get('task/:taskId/image-seed')
  imageSeed(@Param('taskId') id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.mj.imageSeed(id, req, reply);
  }
}

/** The forwarded images (MjForwardUrlEnabled): public, as `<img>` tags load them. */
@Controller('mj/image')
@Access('public')
export class MjImageController {
  constructor(private readonly mj: MjRelay) {}

  @Get(':taskId')
  image(@Param('taskId') id: string, @Res() reply: FastifyReply) {
    return this.mj.image(id, reply);
  }
}
