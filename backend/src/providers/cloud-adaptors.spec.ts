import { generateKeyPairSync } from 'node:crypto';
import { signV4 } from './bedrock/sigv4';
import type { AdaptorTarget, BuildInput } from './provider';
import { bedrockAdaptor } from './bedrock/adaptor';
import { cohereAdaptor } from './cohere/adaptor';
import { vertexAdaptor, vertexEndpoint } from './vertex/adaptor';
import { AccessTokenCache } from '../modules/upstream/vertex-token-cache';
import { TEST_DEPS, testSettings } from './testing/fixtures';

const target = (extra: Partial<AdaptorTarget>): AdaptorTarget => ({
  baseUrl: '',
  key: 'k',
  organization: '',
  paramOverride: null,
  other: '',
  ...extra,
});
const input = (t: AdaptorTarget, extra: Partial<BuildInput> = {}): BuildInput => ({
  mode: 'chat',
  body: { kind: 'json', json: { model: 'client', messages: [{ role: 'user', content: 'hi' }], max_tokens: 16 } },
  upstreamModel: 'claude-3-5-haiku-20241022',
  stream: false,
  target: t,
  settings: testSettings(),
  ...extra,
});
const body = (call: { body: string | Buffer | null }) => JSON.parse(String(call.body));

describe('Bedrock adaptor', () => {
  const key = 'AKID|SECRET|eu-west-3';

  it('signs InvokeModel on the regional host with the Bedrock model id', () => {
    const call = bedrockAdaptor().buildCall(input(target({ key })));
    expect(call).toMatchObject({
      origin: 'https://bedrock-runtime.eu-west-3.amazonaws.com',
      path: '/model/anthropic.claude-3-5-haiku-20241022-v1%3A0/invoke',
      method: 'POST',
    });
    expect(call.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKID\/\d{8}\/eu-west-3\/bedrock\/aws4_request, /,
    );
    expect(body(call)).toEqual({
      anthropic_version: 'bedrock-2023-05-31',
      max_tokens: 16,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    });
  });

  it('a base URL replaces the host, and the signature covers it', () => {
    const call = bedrockAdaptor().buildCall(
      input(target({ key, baseUrl: 'http://127.0.0.1:9/proxy' }), { stream: true }),
    );
    expect(call.origin).toBe('http://127.0.0.1:9');
    expect(call.path).toBe('/proxy/model/anthropic.claude-3-5-haiku-20241022-v1%3A0/invoke-with-response-stream');
    expect(call.headers).toMatchObject({ host: '127.0.0.1:9', accept: 'application/vnd.amazon.eventstream' });
    const date = call.headers['x-amz-date'];
    const again = signV4({
      method: 'POST',
      url: `${call.origin}${call.path}`,
      headers: { accept: call.headers.accept, 'content-type': call.headers['content-type'] },
      body: String(call.body),
      region: 'eu-west-3',
      service: 'bedrock',
      credentials: { accessKeyId: 'AKID', secretAccessKey: 'SECRET' },
      date: new Date(date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z')),
    });
    expect(call.headers.authorization).toBe(again.headers.authorization);
  });

  it('a malformed key is refused before any call', () => {
    expect(() => bedrockAdaptor().buildCall(input(target({ key: 'AKID|SECRET' })))).toThrow(
      'AccessKeyId|SecretAccessKey|region',
    );
  });

  it('a region outside the key pattern is refused before any call', () => {
    expect(() => bedrockAdaptor().buildCall(input(target({ key: 'AKID|SECRET|127.0.0.1:1/x#' })))).toThrow('region');
    expect(() => bedrockAdaptor().models!.call(target({ key: 'AKID|SECRET|evil.example#' }))).toThrow('region');
  });

  it('lists foundation models through the signed control-plane API', () => {
    const { models } = bedrockAdaptor();
    const call = models!.call(target({ key }));
    expect(call).toMatchObject({
      origin: 'https://bedrock.eu-west-3.amazonaws.com',
      path: '/foundation-models?byProvider=Anthropic',
      method: 'GET',
      body: null,
    });
    expect(call.headers.authorization).toContain('/eu-west-3/bedrock/aws4_request');
    const list = { modelSummaries: [{ modelId: 'anthropic.claude-3-5-haiku-20241022-v1:0' }, { modelName: 'x' }] };
    expect(models!.read(Buffer.from(JSON.stringify(list)))).toEqual(['anthropic.claude-3-5-haiku-20241022-v1:0']);
  });
});

describe('Cohere adaptor', () => {
  const t = target({ key: 'co', baseUrl: 'https://api.cohere.ai' });

  it('chat on /v2/chat, rerank on /v2/rerank, Bearer key', () => {
    const chat = cohereAdaptor().buildCall(input(t, { upstreamModel: 'command-r', stream: true }));
    expect(chat).toMatchObject({ origin: 'https://api.cohere.ai', path: '/v2/chat' });
    expect(chat.headers.authorization).toBe('Bearer co');
    expect(body(chat)).toMatchObject({ model: 'command-r', stream: true, max_tokens: 16 });
    const rerank = cohereAdaptor().buildCall(
      input(t, {
        mode: 'rerank',
        upstreamModel: 'rerank-v3.5',
        body: { kind: 'json', json: { model: 'r', query: 'q', documents: ['a', { text: 'b' }], top_n: 1 } },
      }),
    );
    expect(rerank.path).toBe('/v2/rerank');
    expect(body(rerank)).toEqual({ model: 'rerank-v3.5', query: 'q', documents: ['a', 'b'], top_n: 1 });
  });

  it('rerank answers echo documents when asked; usage is left to local counting', () => {
    const request = { kind: 'json' as const, json: { query: 'q', documents: ['a', 'b'], return_documents: true } };
    const answer = Buffer.from(
      '{"results":[{"index":1,"relevance_score":0.9}],"meta":{"billed_units":{"search_units":1}}}',
    );
    const r = cohereAdaptor().readResponse({
      mode: 'rerank',
      body: answer,
      contentType: 'application/json',
      wantText: false,
      model: 'rerank-v3.5',
      request,
    });
    expect(JSON.parse(r.body.toString())).toMatchObject({
      results: [{ index: 1, relevance_score: 0.9, document: { text: 'b' } }],
    });
    expect(r.usage).toBeNull();
  });

  it('lists models from GET /v1/models', () => {
    const { models } = cohereAdaptor();
    expect(models!.call(t)).toMatchObject({
      path: '/v1/models',
      method: 'GET',
      headers: { authorization: 'Bearer co' },
    });
    expect(models!.read(Buffer.from('{"models":[{"name":"command-r"},{"name":"rerank-v3.5"}]}'))).toEqual([
      'command-r',
      'rerank-v3.5',
    ]);
  });
});

describe('Vertex adaptor', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = JSON.stringify({
    type: 'service_account',
    project_id: 'proj',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    client_email: 'sa@proj.iam',
  });
  const other = '{"default":"us-central1","claude-sonnet-4-20250514":"us-east5"}';

  it.each([
    [
      '',
      'gemini-2.0-flash',
      false,
      'https://aiplatform.googleapis.com/v1/projects/proj/locations/global/publishers/google/models/gemini-2.0-flash:generateContent',
    ],
    [
      'europe-west4',
      'gemini-2.0-flash',
      true,
      'https://europe-west4-aiplatform.googleapis.com/v1/projects/proj/locations/europe-west4/publishers/google/models/gemini-2.0-flash:streamGenerateContent?alt=sse',
    ],
    [
      other,
      'gemini-2.5-pro',
      false,
      'https://us-central1-aiplatform.googleapis.com/v1/projects/proj/locations/us-central1/publishers/google/models/gemini-2.5-pro:generateContent',
    ],
    [
      other,
      'claude-sonnet-4-20250514',
      true,
      'https://us-east5-aiplatform.googleapis.com/v1/projects/proj/locations/us-east5/publishers/anthropic/models/claude-sonnet-4%4020250514:streamRawPredict',
    ],
  ])('region from other %j for %s (stream %s)', (o, model, stream, url) => {
    expect(vertexEndpoint({ baseUrl: '', other: o }, 'proj', model, stream)).toBe(url);
  });

  it('a base URL replaces the host only', () => {
    expect(vertexEndpoint({ baseUrl: 'http://127.0.0.1:9', other }, 'proj', 'claude-sonnet-4-20250514', false)).toBe(
      'http://127.0.0.1:9/v1/projects/proj/locations/us-east5/publishers/anthropic/models/claude-sonnet-4%4020250514:rawPredict',
    );
  });

  it('prepare resolves the access token; Claude bodies carry the Vertex anthropic_version', async () => {
    const tokens = new AccessTokenCache();
    jest.spyOn(tokens, 'token').mockResolvedValue('ya29.t');
    const a = vertexAdaptor(tokens);
    const t = await a.prepare!(target({ key, other }));
    expect(t.credential).toBe('ya29.t');
    expect(t.key).toBe(key);
    const claude = a.buildCall(input(t, { upstreamModel: 'claude-sonnet-4-20250514', stream: true }));
    expect(claude.headers.authorization).toBe('Bearer ya29.t');
    expect(body(claude)).toMatchObject({ anthropic_version: 'vertex-2023-10-16', stream: true, max_tokens: 16 });
    expect(body(claude)).not.toHaveProperty('model');
    const gemini = a.buildCall(input(t, { upstreamModel: 'gemini-2.0-flash' }));
    expect(body(gemini)).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
  });

  it('refuses to build a call without a prepared token', () => {
    expect(() => vertexAdaptor(TEST_DEPS.accessTokens).buildCall(input(target({ key })))).toThrow('access token');
  });

  it.each(['127.0.0.1:4491/steal#', '{"default":"us-central1","gemini-2.0-flash":"evil.example/x?"}'])(
    'a stored region that would leave Google (%s) gets no token and no call',
    async (bad) => {
      const tokens = new AccessTokenCache();
      const token = jest.spyOn(tokens, 'token').mockResolvedValue('ya29.t');
      await expect(vertexAdaptor(tokens).prepare!(target({ key, other: bad }))).rejects.toThrow(
        'not a valid region name',
      );
      expect(token).not.toHaveBeenCalled();
      const prepared = target({ key, other: bad, credential: 'ya29.t' });
      expect(() => vertexAdaptor(tokens).buildCall(input(prepared, { upstreamModel: 'gemini-2.0-flash' }))).toThrow(
        'region',
      );
      expect(() => vertexAdaptor(tokens).models!.call(prepared)).toThrow('region');
    },
  );
});
