import { RelayError } from '../http/relay-error';
import { geminiErrorStatus } from '../../../providers/gemini/error-body';
import { geminiDialect, GEMINI_ERRORS, parseGeminiEmbed, splitModelAction } from './gemini-dialect';
import { testSettings } from '../../../providers/testing/fixtures';

const body = {
  systemInstruction: { parts: [{ text: 'be brief' }] },
  contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
  generationConfig: { maxOutputTokens: 64, candidateCount: 2 },
};

describe('gemini dialect', () => {
  it('parses generateContent with the model from the URL and the stream flag from the method', () => {
    const req = geminiDialect.parse({ body, headers: {}, model: 'models/gemini-2.0-flash', stream: true });
    expect(req).toMatchObject({ mode: 'chat', model: 'gemini-2.0-flash', stream: true, clientWantsUsage: true });
    // Reserved: maxOutputTokens × candidateCount.
    expect(req.maxCompletionTokens).toBe(128);
    expect(req.prompt.texts).toEqual(['be brief', 'hi']);
    expect(req.inbound?.native).toBe(body);
  });

  it('reads countTokens bodies: contents, or a whole generateContentRequest', () => {
    expect(geminiDialect.parseCount({ body, headers: {}, model: 'g' }).prompt.texts).toEqual(['be brief', 'hi']);
    const wrapped = geminiDialect.parseCount({ body: { generateContentRequest: body }, headers: {}, model: 'g' });
    expect(wrapped.prompt.texts).toEqual(['be brief', 'hi']);
    expect(geminiDialect.countAnswer(9)).toEqual({ totalTokens: 9 });
  });

  it('parses embedContent and batchEmbedContents into embeddings requests', () => {
    const one = parseGeminiEmbed({ body: { content: { parts: [{ text: 'a' }] } }, headers: {}, model: 'emb' }, false);
    expect(one).toMatchObject({ mode: 'embeddings', model: 'emb', body: { json: { input: ['a'] } } });
    const batch = parseGeminiEmbed(
      {
        body: {
          requests: [
            { content: { parts: [{ text: 'a' }] } },
            { content: { parts: [{ text: 'b' }] }, outputDimensionality: 8 },
          ],
        },
        headers: {},
        model: 'emb',
      },
      true,
    );
    expect(batch.body).toMatchObject({ json: { input: ['a', 'b'], dimensions: 8 } });
    expect(batch.prompt.texts).toEqual(['a', 'b']);
    for (const [body, isBatch] of [
      [{}, false],
      [{ requests: [] }, true],
      [{ requests: [{}] }, true],
    ] as const) {
      expect(() => parseGeminiEmbed({ body, headers: {}, model: 'emb' }, isBatch)).toThrow(RelayError);
    }
    const call = geminiDialect.passThroughCall(batch.inbound!, {
      mode: 'embeddings',
      body: batch.body,
      upstreamModel: 'emb-up',
      stream: false,
      target: { baseUrl: 'https://g.example', key: 'gk', organization: '', paramOverride: null, other: '' },
      settings: testSettings(),
    });
    expect(call.path).toBe('/v1beta/models/emb-up:batchEmbedContents');
    const embeddings = { object: 'list', model: 'emb', data: [{ object: 'embedding', index: 0, embedding: [1] }] };
    expect(geminiDialect.fromOpenAI(embeddings, one)).toEqual({ embedding: { values: [1] } });
    expect(geminiDialect.fromOpenAI(embeddings, batch)).toEqual({ embeddings: [{ values: [1] }] });
  });

  it('splits the method segment of the URL', () => {
    expect(splitModelAction('gemini-2.0-flash:streamGenerateContent')).toEqual({
      model: 'gemini-2.0-flash',
      action: 'streamGenerateContent',
    });
    expect(splitModelAction('my:model%3AgenerateContent')).toEqual({ model: 'my:model', action: 'generateContent' });
    expect(splitModelAction('gemini-2.0-flash')).toEqual({ model: 'gemini-2.0-flash', action: '' });
  });

  it('refuses malformed requests with 400', () => {
    const cases = [
      { body, model: '' },
      { body: [], model: 'g' },
      { body: { contents: 'hi' }, model: 'g' },
      { body: { contents: [1] }, model: 'g' },
      { body: { ...body, generationConfig: { maxOutputTokens: -1 } }, model: 'g' },
    ];
    for (const c of cases) {
      let err: unknown;
      try {
        geminiDialect.parse({ ...c, headers: {} });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(RelayError);
      expect((err as RelayError).status).toBe(400);
    }
  });

  it('reads the key from x-goog-api-key, ?key= or Authorization', () => {
    expect(geminiDialect.authorization({ 'x-goog-api-key': 'sk-a' }, {})).toBe('Bearer sk-a');
    expect(geminiDialect.authorization({}, { key: 'sk-q' })).toBe('Bearer sk-q');
    expect(geminiDialect.authorization({ authorization: 'Bearer sk-b' }, {})).toBe('Bearer sk-b');
    expect(geminiDialect.authorization({}, { alt: 'sse' })).toBeUndefined();
  });

  it('renders errors as google.rpc status objects', () => {
    expect([400, 401, 403, 404, 429, 500, 502, 503, 504].map(geminiErrorStatus)).toEqual([
      'INVALID_ARGUMENT',
      'UNAUTHENTICATED',
      'PERMISSION_DENIED',
      'NOT_FOUND',
      'RESOURCE_EXHAUSTED',
      'INTERNAL',
      'INTERNAL',
      'UNAVAILABLE',
      'DEADLINE_EXCEEDED',
    ]);
    const err = RelayError.quotaExhausted('relay.user_quota_exhausted');
    expect(GEMINI_ERRORS.body(err, 'en')).toEqual({
      error: {
        code: 403,
        message: 'Insufficient user quota',
        status: 'PERMISSION_DENIED',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: err.code, domain: 'gateway' }],
      },
    });
    expect(GEMINI_ERRORS.streamEvent(err, 'en')).toMatch(/^data: \{"error":\{"code":403,/);
  });

  it("mid-stream, an upstream error keeps its rpc status, or names another format's type in ErrorInfo", () => {
    const up = (type: string, status: number) =>
      RelayError.upstream({ status, upstreamStatus: status, code: null, type, message: 'busy' });
    const data = (s: string) => JSON.parse(s.replace(/^data: /, ''));
    expect(data(GEMINI_ERRORS.streamEvent(up('UNAVAILABLE', 503), 'en'))).toEqual({
      error: { code: 503, message: 'busy', status: 'UNAVAILABLE' },
    });
    expect(data(GEMINI_ERRORS.streamEvent(up('overloaded_error', 529), 'en'))).toEqual({
      error: {
        code: 529,
        message: 'busy',
        status: 'INTERNAL',
        details: [
          { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'overloaded_error', domain: 'upstream' },
        ],
      },
    });
  });

  it('passes the client body through to the mapped model, streams as SSE', () => {
    const inbound = geminiDialect.parse({ body, headers: {}, model: 'gemini-2.0-flash' }).inbound!;
    const settings = testSettings({ 'gemini.version_settings': { default: 'v1' } });
    const call = geminiDialect.passThroughCall(inbound, {
      mode: 'chat',
      body: { kind: 'json', json: {} },
      upstreamModel: 'gemini-2.0-flash-001-nothinking',
      stream: true,
      target: { baseUrl: 'https://g.example', key: 'gk', organization: '', paramOverride: null, other: '' },
      settings,
    });
    expect(call).toMatchObject({
      origin: 'https://g.example',
      path: '/v1/models/gemini-2.0-flash-001:streamGenerateContent?alt=sse',
    });
    expect(call.headers['x-goog-api-key']).toBe('gk');
    expect(JSON.parse(call.body as string)).toEqual(body);
  });
});
