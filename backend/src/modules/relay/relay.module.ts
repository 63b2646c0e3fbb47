import { Inject, Logger, Module, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { APP_CONFIG, type AppConfig } from '../../config/env';
import { BillingModule } from '../billing/billing.module';
import { ChannelModule } from '../channel/channel.module';
import { TokenModule } from '../token/token.module';
import { UpstreamModule } from '../upstream/upstream.module';
import { UserModule } from '../user/user.module';
import { RelayDirectory } from './cache/relay-directory.service';
import { AnthropicController } from './controllers/anthropic.controller';
import { GeminiController } from './controllers/gemini.controller';
import { PlaygroundController } from './controllers/playground.controller';
import { LegacyBillingController, RelayController } from './controllers/relay.controller';
import { RelayKeyRoutes } from './controllers/relay-key-routes';
import { RelayLimiter } from './limits/relay-limiter.service';
import { TokenizerService } from './metering/tokenizer.service';
import { RelayModels } from './models/relay-models.service';
import { RelayAuthService } from './pipeline/relay-auth.service';
import { RelayBilling } from './pipeline/relay-billing.service';
import { RelayDrain } from './pipeline/relay-drain';
import { RelayExecutor } from './pipeline/relay-executor.service';
import { RelayService } from './pipeline/relay.service';
import { registerRelayRoutes } from './controllers/relay-routes';
import { UpstreamAttempt } from './pipeline/upstream-attempt.service';
import { ImageFetcher } from './images/image-fetcher.service';
import { ChannelDirectory } from './routing/channel-directory.service';
import { ChannelHealth } from './routing/channel-health.service';
import { RealtimeBilling } from './realtime/realtime-billing';
import { RealtimeGateway } from './realtime/realtime-gateway';
import { ChannelKeyPicker } from './routing/channel-key-picker.service';

/** The relay engine: OpenAI-, Anthropic- and Gemini-format endpoints in front of the channels. */
@Module({
  imports: [TokenModule, ChannelModule, UserModule, BillingModule, UpstreamModule],
  controllers: [RelayController, LegacyBillingController, PlaygroundController, AnthropicController, GeminiController],
  providers: [
    RelayDirectory,
    ChannelDirectory,
    ChannelHealth,
    ChannelKeyPicker,
    TokenizerService,
    RelayLimiter,
    RelayAuthService,
    RelayBilling,
    UpstreamAttempt,
    ImageFetcher,
    RelayExecutor,
    {
      provide: RelayDrain,
      useFactory: (config: AppConfig, tokenizer: TokenizerService) =>
        new RelayDrain(config.shutdownDrainSec * 1000, () => tokenizer.close(), new Logger(RelayDrain.name)),
      inject: [APP_CONFIG, TokenizerService],
    },
    RelayService,
    RelayModels,
    RelayKeyRoutes,
    RealtimeBilling,
    RealtimeGateway,
  ],
  // The task relays (modules/task) authenticate keys, bill and route with the relay's own pieces.
  exports: [RelayAuthService, RelayDirectory, ChannelDirectory, ChannelKeyPicker],
})
export class RelayModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly relay: RelayService,
    private readonly keyRoutes: RelayKeyRoutes,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    registerRelayRoutes(fastify, { relay: this.relay, keyRoutes: this.keyRoutes });
    // Uploads (audio, image edits) arrive as multipart: kept as bytes, under the same body limit.
    if (fastify.hasContentTypeParser('multipart/form-data')) return;
    fastify.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: this.config.maxRequestBodyBytes },
      (_req, body, done) => done(null, body),
    );
  }
}
