import { createAdaptorRegistry } from '../../../providers/adaptor-registry';
import { TEST_DEPS } from '../../../providers/testing/fixtures';
import { responsesDialect } from '../inbound/responses-dialect';
import { parseRelayRequest, type RelayRequest } from '../pipeline/relay-request';
import type { RelayChannel } from './relay-channel';
import { canServe, unservable } from './request-fit';

const registry = createAdaptorRegistry(TEST_DEPS);
const modesOf = (c: RelayChannel) => registry.get(c.type)?.adaptor.modes;
const OPENAI = 1;
const ANTHROPIC = 14;
const GEMINI = 24;

const ch = (id: number, type: number, status = 1): RelayChannel => ({
  id,
  type,
  name: `c${id}`,
  status,
  keys: ['k'],
  multiKeyMode: 'random',
  baseUrl: '',
  organization: '',
  modelMapping: {},
  statusCodeMapping: {},
  paramOverride: null,
  autoBan: true,
  priority: 0,
  weight: 0,
  groups: ['default'],
  models: ['m'],
  other: '',
  tag: '',
});

const embeddings = parseRelayRequest('embeddings', { model: 'm', input: 'hi' }, 'application/json');
const responses = (extra: Record<string, unknown> = {}): RelayRequest =>
  responsesDialect.parse({ body: { model: 'm', input: 'hi', ...extra }, headers: {} });

describe('request fit: which channel types can take a request', () => {
  it('a Responses request: chat types by conversion, responses types natively', () => {
    for (const type of [OPENAI, ANTHROPIC, GEMINI])
      expect(canServe(registry.get(type)!.adaptor.modes, responses())).toBe(true);
  });

  it('a Responses feature only Responses channels have: those alone', () => {
    const req = responses({ previous_response_id: 'resp_1' });
    expect(canServe(registry.get(OPENAI)!.adaptor.modes, req)).toBe(true);
    expect(canServe(registry.get(ANTHROPIC)!.adaptor.modes, req)).toBe(false);
  });

  it('an OpenAI request: its own mode only', () => {
    expect(canServe(registry.get(OPENAI)!.adaptor.modes, embeddings)).toBe(true);
    expect(canServe(registry.get(ANTHROPIC)!.adaptor.modes, embeddings)).toBe(false);
    expect(canServe(undefined, embeddings)).toBe(false);
  });
});

describe('request fit: why nothing serves a request', () => {
  it('channels that cannot serve the endpoint: 400 unsupported naming it', () => {
    const err = unservable([ch(1, ANTHROPIC)], 'default', embeddings, modesOf);
    expect(err).toMatchObject({ status: 400, code: 'unsupported', key: 'relay.endpoint_unsupported' });
    expect(err.params).toMatchObject({ endpoint: '/v1/embeddings', model: 'm' });
  });

  it('a channel that could serve it but is disabled: 503 (another moment may work)', () => {
    const err = unservable([ch(1, ANTHROPIC), ch(2, OPENAI, 2)], 'default', embeddings, modesOf);
    expect(err).toMatchObject({ status: 503, code: 'model_not_available' });
  });

  it('no channel lists the model in the group: 503 as before', () => {
    expect(unservable([], 'default', embeddings, modesOf)).toMatchObject({ status: 503 });
    expect(unservable([ch(1, OPENAI)], 'vip', embeddings, modesOf)).toMatchObject({ status: 503 });
  });

  it('a Responses-only feature onto converted channels: 400 with its param', () => {
    const err = unservable([ch(1, GEMINI)], 'default', responses({ tools: [{ type: 'web_search' }] }), modesOf);
    expect(err).toMatchObject({ status: 400, code: 'unsupported', param: 'tools' });
    expect(err.params).toMatchObject({ detail: 'the built-in tool web_search' });
  });
});
