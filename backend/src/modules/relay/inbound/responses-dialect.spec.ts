import { RelayError } from '../http/relay-error';
import { RESPONSES_ERRORS, responsesDialect } from './responses-dialect';

describe('Responses dialect', () => {
  it('parses into a chat request that keeps the client body for Responses channels', () => {
    const body = { model: 'm', input: 'hi', max_output_tokens: 50, stream: true, store: true };
    const req = responsesDialect.parse({ body, headers: {} });
    expect(req).toMatchObject({
      mode: 'chat',
      model: 'm',
      stream: true,
      clientWantsUsage: true,
      maxCompletionTokens: 50,
    });
    expect(req.body).toEqual({
      kind: 'json',
      json: { model: 'm', messages: [{ role: 'user', content: 'hi' }], max_tokens: 50, stream: true },
    });
    expect(req.inbound).toMatchObject({ native: body, nativeMode: 'responses' });
    expect(req.inbound?.unconvertible).toBeUndefined();
  });

  it('marks what only a Responses channel can serve', () => {
    const req = responsesDialect.parse({
      body: { model: 'm', input: 'hi', previous_response_id: 'resp_1' },
      headers: {},
    });
    expect(req.inbound?.unconvertible).toMatchObject({ param: 'previous_response_id' });
  });

  it('a malformed body: 400 with the field as param', () => {
    const run = () =>
      responsesDialect.parse({ body: { model: 'm', input: [{ role: 'robot', content: 'x' }] }, headers: {} });
    expect(run).toThrow(RelayError);
    try {
      run();
    } catch (e) {
      expect(e).toMatchObject({ status: 400, param: 'input[0]' });
    }
    expect(() => responsesDialect.parse({ body: 'x', headers: {} })).toThrow(RelayError);
  });

  it('a broken stream ends with the Responses error event', () => {
    const err = RelayError.badGateway('relay.stream_interrupted', 'stream_interrupted');
    const block = RESPONSES_ERRORS.streamEvent(err, 'en');
    expect(block.startsWith('event: error\ndata: ')).toBe(true);
    expect(JSON.parse(block.slice('event: error\ndata: '.length))).toEqual({
      type: 'error',
      code: 'stream_interrupted',
      message: 'The upstream stream was interrupted',
      param: null,
      sequence_number: 0,
    });
  });

  it('answers carry a fresh resp_ id and the client model', () => {
    const req = responsesDialect.parse({ body: { model: 'm', input: 'hi' }, headers: {} });
    const chat = {
      id: 'c',
      object: 'chat.completion',
      created: 1,
      model: 'upstream',
      choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
    };
    const a = responsesDialect.fromOpenAI(chat, req) as { id: string; model: string };
    const b = responsesDialect.fromOpenAI(chat, req) as { id: string };
    expect(a.id).toMatch(/^resp_[0-9a-f]{32}$/);
    expect(b.id).not.toBe(a.id);
    expect(a.model).toBe('m');
  });
});
