import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import { RELAY_ROUTE_PATHS } from '../relay/controllers/relay-routes';
import { ACCESS_KEY, type AccessLevel } from './access.decorator';

export interface RouteEntry {
  method: string;
  path: string;
  /** Declared access level; routes without one are root-only (fail closed). */
  access: AccessLevel;
}

const join = (a: string, b: string) =>
  `/${[a, b]
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

/**
 * Every route with its declared access level: the controllers' from Nest's own metadata, and the relay
 * endpoints registered on Fastify directly (relay-routes.ts).
 */
export function routeInventory(app: INestApplication): RouteEntry[] {
  return routesOf(app.get(DiscoveryService), app.get(MetadataScanner), app.get(Reflector));
}

/** The same, from inside the application (a provider injects these three). */
export function routesOf(discovery: DiscoveryService, scanner: MetadataScanner, reflector: Reflector): RouteEntry[] {
  const routes: RouteEntry[] = [];
  for (const wrapper of discovery.getControllers()) {
    const { instance, metatype } = wrapper;
    if (!instance || !metatype) continue;
    const prefixes = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
    const proto = Object.getPrototypeOf(instance) as object;
    for (const name of scanner.getAllMethodNames(proto)) {
      const handler = (proto as Record<string, unknown>)[name] as object;
      const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (paths === undefined || method === undefined) continue;
      const access = reflector.getAllAndOverride<AccessLevel>(ACCESS_KEY, [handler as never, metatype]) ?? 'root';
      for (const prefix of prefixes) {
        for (const p of ([] as string[]).concat(paths)) {
          routes.push({ method: RequestMethod[method], path: join(prefix, p), access });
        }
      }
    }
  }
  for (const path of RELAY_ROUTE_PATHS) routes.push({ method: 'POST', path, access: 'relay' });
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
