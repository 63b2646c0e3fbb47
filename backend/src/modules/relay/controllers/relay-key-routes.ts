import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../../config/env';
import { geminiModelList } from '../../../providers/gemini/gemini-urls';
import { keyHashOf, parseApiKey } from '../../token/token-key';
import { RelayError } from '../http/relay-error';
import { sendRelayRefusal } from '../http/relay-refusal';
import { RelayTrace } from '../../tracing/relay-trace';
import { anthropicDialect } from '../inbound/anthropic-dialect';
import { geminiDialect } from '../inbound/gemini-dialect';
import { OPENAI_CLIENT, type ClientFormat, type InboundDialect, type InboundInput } from '../inbound/inbound-dialect';
import { TokenizerService } from '../metering/tokenizer.service';
import { anthropicModel, anthropicModelList, wantsAnthropicModels } from '../models/anthropic-model-list';
import { RelayModels } from '../models/relay-models.service';
import { RelayAuthService } from '../pipeline/relay-auth.service';
import type { RelayCaller } from '../pipeline/relay-caller';

/**
 * Key-authenticated read endpoints (models, token counts, legacy billing), answered as JSON or an
 * error in the client's format (OpenAI, Anthropic, Gemini).
 */
@Injectable()
export class RelayKeyRoutes {
  constructor(
    private readonly auth: RelayAuthService,
    private readonly catalog: RelayModels,
    private readonly tokenizer: TokenizerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** GET /v1/models: OpenAI's list, or Anthropic's for an Anthropic client (wantsAnthropicModels). */
  models(req: FastifyRequest, reply: FastifyReply) {
    if (wantsAnthropicModels(req.headers))
      return this.answer(req, reply, (caller) => anthropicModelList(this.catalog.list(caller)), anthropicDialect);
    return this.answer(req, reply, (caller) => ({ object: 'list', data: this.catalog.list(caller) }));
  }

  model(id: string, req: FastifyRequest, reply: FastifyReply) {
    if (wantsAnthropicModels(req.headers))
      return this.answer(req, reply, (caller) => anthropicModel(this.catalog.get(caller, id)), anthropicDialect);
    return this.answer(req, reply, (caller) => this.catalog.get(caller, id));
  }

  /** GET /v1beta/models: the same models in Gemini's list format. */
  geminiModels(req: FastifyRequest, reply: FastifyReply) {
    return this.answer(
      req,
      reply,
      (caller) => geminiModelList(this.catalog.list(caller).map((m) => m.id)),
      geminiDialect,
    );
  }

  geminiModel(id: string, req: FastifyRequest, reply: FastifyReply) {
    const name = id.replace(/^models\//, '');
    return this.answer(
      req,
      reply,
      (caller) => geminiModelList([this.catalog.get(caller, name).id]).models[0],
      geminiDialect,
    );
  }

  /**
   * Anthropic count_tokens / Gemini countTokens: the prompt counted locally, as billing counts it when
   * an upstream reports no usage. Free; the key must be allowed the model.
   */
  countTokens(dialect: InboundDialect, input: InboundInput, req: FastifyRequest, reply: FastifyReply) {
    return this.answer(
      req,
      reply,
      async (caller) => {
        const { model, prompt } = dialect.parseCount(input);
        if (caller.token?.modelLimits && !caller.token.modelLimits.has(model))
          throw RelayError.denied('relay.model_forbidden', 'model_not_allowed', { model });
        return dialect.countAnswer(prompt.fixedTokens + (await this.tokenizer.count(model, prompt.texts)));
      },
      dialect,
    );
  }

  subscription(req: FastifyRequest, reply: FastifyReply) {
    return this.answer(req, reply, (caller) => this.catalog.subscription(caller, this.hash(req)));
  }

  usage(req: FastifyRequest, reply: FastifyReply) {
    return this.answer(req, reply, (caller) => this.catalog.usage(caller, this.hash(req)));
  }

  private hash(req: FastifyRequest): string {
    const authorization = OPENAI_CLIENT.authorization(req.headers, req.query);
    return keyHashOf(this.config.cryptoSecret, parseApiKey(authorization)?.body ?? '');
  }

  private async answer(
    req: FastifyRequest,
    reply: FastifyReply,
    fn: (caller: RelayCaller) => unknown,
    client: ClientFormat = OPENAI_CLIENT,
  ): Promise<void> {
    // Traced and timed as relay requests are (docs/observability.md#traces-and-logs).
    const trace = RelayTrace.ensure(req, reply);
    try {
      const caller =
        req.relayCaller ?? (await this.auth.authenticate(client.authorization(req.headers, req.query), req.ip));
      const body = await fn(caller);
      trace.stampServerTiming(reply);
      void reply.send(body);
    } catch (err) {
      if (err instanceof RelayError) sendRelayRefusal(req, reply, err, client.errors);
      else throw err;
    } finally {
      trace.ended(reply);
    }
  }
}
