import { clientFacing, RelayError } from '../http/relay-error';
import { anthropicErrorType } from '../../../providers/anthropic/error-body';
import { anthropicDialect, ANTHROPIC_ERRORS } from './anthropic-dialect';
import { testSettings } from '../../../providers/testing/fixtures';

const body = {
  model: 'claude-x',
  max_tokens: 256,
  system: 'be brief',
  messages: [{ role: 'user', content: 'hi' }],
};

const parseError = (b: unknown): RelayError => {
  try {
    anthropicDialect.parse({ body: b, headers: {} });
  } catch (err) {
    return err as RelayError;
  }
  throw new Error('accepted');
};

describe('anthropic dialect', () => {
  it('parses a Messages request into the chat request the pipeline bills', () => {
    const req = anthropicDialect.parse({ body: { ...body, stream: true }, headers: { 'anthropic-beta': 'b1' } });
    expect(req).toMatchObject({ mode: 'chat', model: 'claude-x', stream: true, clientWantsUsage: true });
    expect(req.maxCompletionTokens).toBe(256);
    expect(req.body).toMatchObject({
      kind: 'json',
      json: {
        messages: [
          { role: 'system', content: 'be brief' },
          { role: 'user', content: 'hi' },
        ],
      },
    });
    expect(req.prompt.texts).toEqual(['be brief', 'hi']);
    expect(req.inbound?.native).toMatchObject({ ...body, stream: true });
    expect(req.inbound?.forwardHeaders).toEqual({ 'anthropic-beta': 'b1' });
  });

  it('reads a count_tokens body (no max_tokens) like a Messages request', () => {
    const { max_tokens: _omitted, ...count } = body;
    const req = anthropicDialect.parseCount({ body: count, headers: {} });
    expect(req.prompt.texts).toEqual(['be brief', 'hi']);
    expect(anthropicDialect.countAnswer(9)).toEqual({ input_tokens: 9 });
  });

  it('refuses malformed bodies with 400', () => {
    for (const bad of [
      null,
      [],
      { ...body, messages: 'hi' },
      { ...body, messages: [{ role: 'system', content: 'x' }] },
      { ...body, messages: [{ role: 'user', content: 3 }] },
      { ...body, max_tokens: undefined },
      { ...body, max_tokens: 1.5 },
      { ...body, model: '' },
      { ...body, messages: [{ role: 'user', content: [null] }] },
    ]) {
      const err = parseError(bad);
      expect(err).toBeInstanceOf(RelayError);
      expect(err.status).toBe(400);
    }
  });

  it('reads the key from x-api-key, else from Authorization', () => {
    expect(anthropicDialect.authorization({ 'x-api-key': 'sk-a' }, {})).toBe('Bearer sk-a');
    expect(anthropicDialect.authorization({ authorization: 'Bearer sk-b' }, {})).toBe('Bearer sk-b');
    expect(anthropicDialect.authorization({}, {})).toBeUndefined();
  });

  it('renders errors as Anthropic error objects, by status', () => {
    expect([400, 401, 403, 404, 413, 429, 500, 502, 503, 529].map(anthropicErrorType)).toEqual([
      'invalid_request_error',
      'authentication_error',
      'permission_error',
      'not_found_error',
      'request_too_large',
      'rate_limit_error',
      'api_error',
      'api_error',
      'overloaded_error',
      'overloaded_error',
    ]);
    const err = RelayError.unauthenticated('relay.invalid_key');
    expect(ANTHROPIC_ERRORS.body(err, 'en')).toEqual({
      type: 'error',
      error: { type: 'authentication_error', message: 'Invalid API key' },
    });
    const upstream = RelayError.upstream({
      status: 529,
      upstreamStatus: 529,
      code: null,
      type: 'overloaded_error',
      message: 'Overloaded',
    });
    expect(ANTHROPIC_ERRORS.streamEvent(upstream, 'en')).toBe(
      'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n',
    );
  });

  it('mid-stream, an error another format reported keeps its type; a hidden one is typed by status', () => {
    const openai = RelayError.upstream({
      status: 500,
      upstreamStatus: 500,
      code: 'x',
      type: 'server_error',
      message: 'boom',
    });
    expect(ANTHROPIC_ERRORS.streamEvent(openai, 'en')).toBe(
      'event: error\ndata: {"type":"error","error":{"type":"server_error","message":"boom"}}\n\n',
    );
    const hidden = clientFacing(openai, { 'global.hide_upstream_error_enabled': true });
    expect(ANTHROPIC_ERRORS.streamEvent(hidden, 'en')).toContain('"type":"api_error"');
    expect(ANTHROPIC_ERRORS.streamEvent(hidden, 'en')).not.toContain('boom');
  });

  it('passes the client body through with the mapped model, channel headers and param_override', () => {
    const inbound = anthropicDialect.parse({ body, headers: { 'anthropic-beta': 'prompt-caching' } }).inbound!;
    const call = anthropicDialect.passThroughCall(inbound, {
      mode: 'chat',
      body: { kind: 'json', json: {} },
      upstreamModel: 'claude-up-thinking',
      stream: false,
      target: {
        baseUrl: 'https://proxy.example/anthropic',
        key: 'ck',
        organization: '',
        paramOverride: { top_k: 3 },
        other: '',
      },
      settings: testSettings(),
    });
    expect(call).toMatchObject({ origin: 'https://proxy.example', path: '/anthropic/v1/messages', method: 'POST' });
    expect(call.headers).toMatchObject({
      'x-api-key': 'ck',
      'anthropic-version': '2023-06-01',
      'anthropic-beta': 'prompt-caching',
    });
    expect(JSON.parse(call.body as string)).toEqual({ ...body, model: 'claude-up', top_k: 3 });
  });
});
