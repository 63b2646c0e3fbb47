import type { RelayMode } from '../../../providers/provider';
import { RelayError } from '../http/relay-error';
import { unconvertibleError } from '../inbound/responses-dialect';
import type { RelayRequest } from '../pipeline/relay-request';
import type { RelayChannel } from './relay-channel';

/** The relay modes a channel's type serves (undefined: an unknown type, which serves nothing). */
export type ModesOf = (c: RelayChannel) => ReadonlySet<RelayMode> | undefined;

/**
 * Whether a channel type can take the request: the client's own body in its native mode (Responses
 * onto a `responses` type), or the request's (converted) mode unless it uses a feature only the
 * native mode has.
 */
export function canServe(modes: ReadonlySet<RelayMode> | undefined, req: RelayRequest): boolean {
  if (!modes) return false;
  const native = req.inbound?.nativeMode;
  if (native && modes.has(native)) return true;
  if (req.inbound?.unconvertible) return false;
  return modes.has(req.mode);
}

/** The endpoint a request came to, as the refusal names it. */
const ENDPOINT: Record<RelayMode, string> = {
  chat: '/v1/chat/completions',
  completions: '/v1/completions',
  embeddings: '/v1/embeddings',
  moderations: '/v1/moderations',
  'images.generations': '/v1/images/generations',
  'images.edits': '/v1/images/edits',
  'audio.speech': '/v1/audio/speech',
  'audio.transcriptions': '/v1/audio/transcriptions',
  'audio.translations': '/v1/audio/translations',
  rerank: '/v1/rerank',
  responses: '/v1/responses',
};

/**
 * Why no routed channel serves the request (checked only on that path). Every channel listing the
 * (group, model) pair is looked at, whatever its status:
 * - none, or one whose type could serve it but is disabled now → 503 (another moment may work);
 * - all of types that cannot serve this endpoint → 400 `unsupported`, naming the endpoint (retrying
 *   cannot help, so SDKs must not retry); a Responses feature only Responses channels have → 400 with
 *   its `param`.
 */
export function unservable(
  all: Iterable<RelayChannel>,
  group: string,
  req: RelayRequest,
  modesOf: ModesOf,
): RelayError {
  const listing = [...all].filter((c) => c.groups.includes(group) && c.models.includes(req.model));
  const couldServe = listing.some((c) => canServe(modesOf(c), req));
  if (listing.length === 0 || couldServe) return RelayError.noChannel(group, req.model);
  const inbound = req.inbound;
  if (inbound?.unconvertible && listing.some((c) => modesOf(c)?.has(req.mode)))
    return unconvertibleError(req.model, inbound);
  const endpoint = ENDPOINT[inbound?.nativeMode ?? req.mode];
  return new RelayError({
    key: 'relay.endpoint_unsupported',
    status: 400,
    code: 'unsupported',
    params: { model: req.model, endpoint },
  });
}
