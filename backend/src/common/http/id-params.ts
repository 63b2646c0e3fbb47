import type { FastifyInstance, RouteOptions } from 'fastify';

/** A route's `:id` segment, wherever it stands in the path. */
const ID_SEGMENT = /\/:id(?=\/|$)/g;

/**
 * Lets every `:id` path segment match digits only (docs/console-api.md#ids-in-paths): a name such as
 * `/api/user/passkey` or `/api/token/abc` then never reaches an id route (and its guard or pipe) but is
 * an unknown path, a 404 envelope, and a static route under the same prefix is served by its own route.
 * Controllers keep writing `:id`; Fastify's router gets `:id(^\d+$)`. Registered after the hooks that
 * look routes up by their declared path (applyRequestBounds).
 */
export function constrainIdParams(fastify: FastifyInstance): void {
  fastify.addHook('onRoute', (route: RouteOptions) => {
    route.url = route.url.replace(ID_SEGMENT, '/:id(^\\d+$)');
  });
}
