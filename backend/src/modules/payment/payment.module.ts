import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { FastifyInstance } from 'fastify';
import { TopUpEntity } from '../../database/entities';
import { UserModule } from '../user/user.module';
import { EpayProvider } from './epay.provider';
import { PaymentCallbackController } from './payment-callback.controller';
import { PaymentController } from './payment.controller';
import { PAYMENT_PROVIDERS, type PaymentProvider } from './payment-provider';
import { PaymentService } from './payment.service';
import { TopUpRepository } from './top-up.repository';

/** Online top-up: orders in `top_ups`, gateways as PaymentProviders (docs/payment.md). */
@Module({
  imports: [TypeOrmModule.forFeature([TopUpEntity]), UserModule],
  controllers: [PaymentController, PaymentCallbackController],
  providers: [
    TopUpRepository,
    PaymentService,
    { provide: PAYMENT_PROVIDERS, useValue: [new EpayProvider()] satisfies PaymentProvider[] },
  ],
})
export class PaymentModule implements OnModuleInit {
  constructor(@Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost) {}

  /**
   * Gateways may post their notification as a form. Parsed as flat strings (a repeated key becomes an
   * array, which the service refuses); the route's own body limit applies.
   */
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    if (fastify.hasContentTypeParser('application/x-www-form-urlencoded')) return;
    fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      const out = Object.create(null) as Record<string, string | string[]>;
      for (const [k, v] of new URLSearchParams(body as string)) {
        const prev = out[k];
        out[k] = prev === undefined ? v : ([] as string[]).concat(prev, v);
      }
      done(null, out);
    });
  }
}
