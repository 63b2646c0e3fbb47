import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Access } from '../auth/access.decorator';
import { PaymentService } from './payment.service';

/**
 * The gateway's callbacks (docs/payment.md). Anonymous, so bodies are capped at the public limit
 * before parsing. The notification is answered in the gateway's words ("success" stops its retries,
 * and is answered to every repeat of a paid order); the browser's return lands on the wallet page.
 */
@Controller('api/user/epay')
@Access('public')
export class PaymentCallbackController {
  constructor(private readonly payments: PaymentService) {}

  @Get('notify')
  async notifyGet(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.answer(req.query, reply);
  }

  /** Some gateways post the notification as a form; the query string is used when the body is empty. */
  @Post('notify')
  async notifyPost(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const body = req.body && typeof req.body === 'object' && Object.keys(req.body).length ? req.body : req.query;
    await this.answer(body, reply);
  }

  @Get('return')
  async return(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const paid = await this.payments.handleCallback('epay', (req.query ?? {}) as Record<string, unknown>);
    await reply.redirect(`/topup?pay=${paid ? 'success' : 'fail'}`, 302);
  }

  private async answer(params: unknown, reply: FastifyReply): Promise<void> {
    const provider = this.payments.provider('epay');
    const paid = await this.payments.handleCallback('epay', (params ?? {}) as Record<string, unknown>);
    await reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(paid ? provider.ack.accepted : provider.ack.refused);
  }
}
