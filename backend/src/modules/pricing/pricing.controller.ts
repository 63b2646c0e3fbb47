import { Controller, Get, Req } from '@nestjs/common';
import type { PricingAnswer } from '@gw/shared';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../common/http/envelope';
import { Access } from '../auth/access.decorator';
import { PricingService } from './pricing.service';

/** GET /api/pricing: the public price list, priced for the caller's group (docs/pricing.md). */
@Controller('api')
@Access('public')
export class PricingController {
  constructor(private readonly pricing: PricingService) {}

  @Get('pricing')
  async get(@Req() req: FastifyRequest): Promise<PricingAnswer> {
    const list = await this.pricing.list(req);
    return { ...ok(list.items), group_ratio: list.groupRatio, usable_group: list.usableGroup };
  }
}
