import { Module } from '@nestjs/common';
import { AdaptorRegistry, createAdaptorRegistry } from '../../providers/adaptor-registry';
import { UpstreamClient } from './upstream-client.service';
import { AccessTokenCache } from './vertex-token-cache';

/**
 * Everything that talks to upstreams, once per process: the adaptor registry (providers/registry.ts),
 * the pooled HTTP client and the Vertex access-token cache the registry's adaptors share. Imported by
 * the relay and by channel management, so both use the same tokens and the same adaptors.
 */
@Module({
  providers: [
    { provide: AccessTokenCache, useFactory: () => new AccessTokenCache() },
    {
      provide: AdaptorRegistry,
      useFactory: (accessTokens: AccessTokenCache) => createAdaptorRegistry({ accessTokens }),
      inject: [AccessTokenCache],
    },
    UpstreamClient,
  ],
  exports: [AdaptorRegistry, AccessTokenCache, UpstreamClient],
})
export class UpstreamModule {}
