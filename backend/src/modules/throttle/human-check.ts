import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { OptionService } from '../option/option.service';

/**
 * The human check (Turnstile, TurnstileCheckEnabled) as the sign-in throttles see it. Verifying the
 * token with Turnstile belongs to the identity module; until it exists, a request carrying a
 * `turnstile` token counts as having passed. Replace passed() with the real verification.
 */
@Injectable()
export class HumanCheck {
  constructor(private readonly options: OptionService) {}

  get enabled(): boolean {
    return this.options.settings.TurnstileCheckEnabled;
  }

  async passed(req: FastifyRequest): Promise<boolean> {
    const token = (req.query as { turnstile?: unknown } | undefined)?.turnstile;
    return typeof token === 'string' && token.length > 0;
  }
}
