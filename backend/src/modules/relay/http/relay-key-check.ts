import type { CallerCheck } from '../../../common/http/request-bounds';
import type { ClientFormat } from '../inbound/inbound-dialect';
import type { RelayAuthService } from '../pipeline/relay-auth.service';
import { relayErrorOf } from './relay-error';
import { sendRelayRefusal } from './relay-refusal';
import { assignRequestId } from './request-id';

/**
 * The API-key check of a relay route before a large body is read (request-bounds.ts): the key as
 * the route's client format sends it, looked up as the pipeline does (from memory once seen), a
 * refusal answered in that format exactly as the pipeline would answer it. The caller is kept on
 * the request for the pipeline, which then does not look it up again.
 */
export function relayKeyCheck(auth: RelayAuthService, client: ClientFormat): CallerCheck {
  return async (req, reply) => {
    const startedAt = performance.now();
    try {
      req.relayCaller = await auth.authenticate(client.authorization(req.headers, req.query), req.ip);
      return true;
    } catch (err) {
      const error = relayErrorOf(err);
      // Unexpected: the global error filter logs it and answers 500 in the path's format.
      if (!error) throw err;
      assignRequestId(reply);
      sendRelayRefusal(req, reply, error, client.errors, startedAt);
      return false;
    }
  };
}
