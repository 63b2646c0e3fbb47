/**
 * The published contract: every registered route, by `METHOD path` as the router lists it
 * (docs/api-reference.md). A new route is one line in its domain's file; the API suite fails on a
 * registered route missing here and on an answer that does not match its `response`.
 */
import type { Contract } from '../route-doc';
import { authRoutes } from './auth';
import { channelRoutes } from './channels';
import { consoleRoutes } from './console';
import { relayRoutes } from './relay';
import { taskRoutes } from './tasks';
import { statusRoutes } from './status';
import { userRoutes } from './users';

function merge(...parts: Contract[]): Contract {
  const all: Contract = {};
  for (const part of parts) {
    for (const [route, doc] of Object.entries(part)) {
      if (all[route]) throw new Error(`${route} is documented twice`);
      all[route] = doc;
    }
  }
  return all;
}

export const API_CONTRACT: Contract = merge(statusRoutes, authRoutes, userRoutes, channelRoutes, consoleRoutes, relayRoutes, taskRoutes);
