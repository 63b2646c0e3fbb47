import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../../config/env';
import { pickLocale } from '../../../common/i18n/i18n';
import { keyHashOf, parseApiKey } from '../../token/token-key';
import { RelayError } from '../http/relay-error';
import { sendRelayError } from '../http/relay-reply';
import { RelayModels } from '../models/relay-models.service';
import { RelayAuthService } from '../pipeline/relay-auth.service';
import type { RelayCaller } from '../pipeline/relay-caller';

/** Key-authenticated read endpoints (models, legacy billing), answered as JSON or an OpenAI error. */
@Injectable()
export class RelayKeyRoutes {
  constructor(
    private readonly auth: RelayAuthService,
    private readonly catalog: RelayModels,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  models(req: FastifyRequest, reply: FastifyReply) {
    return this.answer(req, reply, (caller) => ({ object: 'list', data: this.catalog.list(caller) }));
  }

  model(id: string, req: FastifyRequest, reply: FastifyReply) {
    return this.answer(req, reply, (caller) => this.catalog.get(caller, id));
  }

  subscription(req: FastifyRequest, reply: FastifyReply) {
    return this.answer(req, reply, (caller) => this.catalog.subscription(caller, this.hash(req)));
  }

  usage(req: FastifyRequest, reply: FastifyReply) {
    return this.answer(req, reply, (caller) => this.catalog.usage(caller, this.hash(req)));
  }

  private hash(req: FastifyRequest): string {
    return keyHashOf(this.config.cryptoSecret, parseApiKey(req.headers.authorization)?.body ?? '');
  }

  private async answer(req: FastifyRequest, reply: FastifyReply, fn: (caller: RelayCaller) => unknown): Promise<void> {
    const locale = pickLocale(req.headers['accept-language']);
    try {
      const caller = await this.auth.authenticate(req.headers.authorization, req.ip);
      void reply.send(await fn(caller));
    } catch (err) {
      if (err instanceof RelayError) sendRelayError(reply, err, locale);
      else throw err;
    }
  }
}
