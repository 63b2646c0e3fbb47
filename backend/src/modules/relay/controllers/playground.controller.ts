import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../../auth/access.decorator';
import { CurrentUser, type AuthUser } from '../../auth/auth-user';
import { RelayService } from '../pipeline/relay.service';

/** POST /pg/chat/completions: the console playground, authenticated by the session (docs/security/sessions.md). */
@Controller('pg')
@Access('user')
export class PlaygroundController {
  constructor(private readonly relay: RelayService) {}

  @Post('chat/completions')
  @HttpCode(200)
  chat(@CurrentUser() user: AuthUser, @Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    return this.relay.playground(user.id, req, reply);
  }
}
