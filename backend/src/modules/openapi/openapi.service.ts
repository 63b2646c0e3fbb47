import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { routesOf } from '../auth/route-inventory';
import { APP_VERSION } from '../setup/setup.service';
import { API_CONTRACT } from './contract';
import { buildOpenApiDocument } from './openapi-document';

/** The published contract, built once at boot from the registered routes (docs/api-reference.md). */
@Injectable()
export class OpenApiService implements OnApplicationBootstrap {
  private json = '';

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onApplicationBootstrap(): void {
    const routes = routesOf(this.discovery, this.scanner, this.reflector);
    this.json = JSON.stringify(buildOpenApiDocument(routes, API_CONTRACT, APP_VERSION), null, 2) + '\n';
  }

  /** The document as JSON text (what docs/openapi.json holds). */
  get documentJson(): string {
    return this.json;
  }
}
