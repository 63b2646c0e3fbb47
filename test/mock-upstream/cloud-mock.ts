/**
 * A fake of the cloud upstreams, speaking their documented wire formats: AWS Bedrock InvokeModel /
 * InvokeModelWithResponseStream (SigV4 checked, streams in binary event-stream frames), Google's OAuth
 * token endpoint (jwt-bearer grant checked against the service account's public key) with Vertex AI
 * generateContent / rawPredict behind a Bearer token, and Cohere v2 chat (JSON and SSE) and rerank.
 * Every request is recorded.
 */
import { createVerify, type KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodeEventStreamMessage } from '../../backend/src/providers/bedrock/event-stream';
import { signV4 } from '../../backend/src/providers/bedrock/sigv4';
import { HttpMock, type MockRequest } from './http-mock';
import { anthropic, anthropicEvents, anthropicMessage, gemini, json, sse } from './native-mock';

export interface CloudMockOptions {
  /** Bedrock credentials the channel key carries. */
  aws: { accessKeyId: string; secretAccessKey: string; region: string };
  /** Public half of the Vertex service account's key; the token endpoint verifies assertions with it. */
  vertexPublicKey: KeyObject;
  vertexClientEmail: string;
  cohereKey: string;
}

/** Cohere usage: billed 10 in / 20 out (what the gateway bills), raw tokens 80 / 20. */
const COHERE_USAGE = {
  billed_units: { input_tokens: 10, output_tokens: 20 },
  tokens: { input_tokens: 80, output_tokens: 20 },
};
const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([a-z0-9-]+)\/bedrock\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/;

export class CloudMock extends HttpMock {
  /** Access tokens handed out by the token endpoint. */
  readonly issued: string[] = [];

  constructor(private readonly o: CloudMockOptions) {
    super();
  }

  protected answer(req: IncomingMessage, res: ServerResponse, { path, body, raw: bytes }: MockRequest): void {
    const raw = bytes.toString();
    if (path === '/token') return this.token(res, body);
    if (path.startsWith('/foundation-models')) return this.bedrockModels(req, res, path, raw);
    if (path === '/v1/models') return this.cohereModels(req, res);
    if (path.startsWith('/model/')) return this.bedrock(req, res, path, raw, body);
    if (path.startsWith('/v1/projects/')) return this.vertex(req, res, path, body);
    if (path.startsWith('/v1beta1/publishers/google/models')) return this.vertexModels(req, res);
    if (path.startsWith('/v2/')) return this.cohere(req, res, path, body);
    fail(res, 404, 'not found');
  }

  /** OAuth token endpoint: the RS256 assertion must verify and carry the documented claims. */
  private token(res: ServerResponse, form: Record<string, string>): void {
    if (form.grant_type !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
      return fail(res, 400, 'unsupported_grant_type');
    const [h, c, s] = (form.assertion ?? '').split('.');
    const claims = JSON.parse(Buffer.from(c ?? '', 'base64url').toString() || '{}');
    const signed =
      !!s && createVerify('RSA-SHA256').update(`${h}.${c}`).verify(this.o.vertexPublicKey, Buffer.from(s, 'base64url'));
    const fresh = Math.abs(claims.iat - Date.now() / 1000) < 60 && claims.exp - claims.iat === 3600;
    if (!signed || !fresh || claims.iss !== this.o.vertexClientEmail || claims.aud !== `${this.url}/token`)
      return fail(res, 400, 'invalid_grant');
    if (claims.scope !== 'https://www.googleapis.com/auth/cloud-platform') return fail(res, 400, 'invalid_scope');
    const token = `ya29.mock-${this.issued.length + 1}`;
    this.issued.push(token);
    json(res, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
  }

  /** SigV4: the Authorization shape, then the signature recomputed over what arrived. */
  private sigV4Error(req: IncomingMessage, path: string, raw: string): string | null {
    const m = AUTH.exec(String(req.headers.authorization ?? ''));
    const date = String(req.headers['x-amz-date'] ?? '');
    if (!m || !/^\d{8}T\d{6}Z$/.test(date)) return 'missing or malformed SigV4 authorization';
    const [, ak, day, region, signedHeaders, signature] = m;
    if (ak !== this.o.aws.accessKeyId || region !== this.o.aws.region || day !== date.slice(0, 8))
      return 'bad credential scope';
    const headers = Object.fromEntries(
      signedHeaders
        .split(';')
        .filter((n) => n !== 'x-amz-date')
        .map((n) => [n, String(req.headers[n] ?? '')]),
    );
    const stamp = new Date(
      `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`,
    );
    const expected = signV4({
      method: req.method ?? 'POST',
      url: `http://${req.headers.host}${path}`,
      headers,
      body: raw,
      region,
      service: 'bedrock',
      credentials: this.o.aws,
      date: stamp,
    });
    return expected.signature === signature
      ? null
      : 'The request signature we calculated does not match the signature you provided.';
  }

  /** InvokeModel (JSON) and InvokeModelWithResponseStream (event-stream frames); "throttled" models fail mid-stream. */
  private bedrock(req: IncomingMessage, res: ServerResponse, path: string, raw: string, body: any): void {
    const bad = this.sigV4Error(req, path, raw);
    if (bad) return fail(res, 403, bad);
    if (body.anthropic_version !== 'bedrock-2023-05-31' || 'model' in body || 'stream' in body)
      return fail(res, 400, 'malformed Bedrock Claude body');
    const model = decodeURIComponent(path.split('/')[2]);
    if (path.endsWith('/invoke')) return json(res, anthropicMessage({ ...body, model }));
    res.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' });
    const events = anthropicEvents({ ...body, model });
    const headers = { ':event-type': 'chunk', ':content-type': 'application/json', ':message-type': 'event' };
    const frame = (ev: object) =>
      encodeEventStreamMessage(headers, JSON.stringify({ bytes: Buffer.from(JSON.stringify(ev)).toString('base64') }));
    if (model.includes('throttled')) {
      // Start, the first text delta, then the exception message.
      for (const ev of events.slice(0, 4)) res.write(frame(ev));
      const exception = {
        ':exception-type': 'throttlingException',
        ':content-type': 'application/json',
        ':message-type': 'exception',
      };
      return void res.end(
        encodeEventStreamMessage(exception, '{"message":"Too many requests, please wait before trying again."}'),
      );
    }
    // One frame split across two writes, to exercise incremental decoding.
    const all = Buffer.concat(events.map(frame));
    res.write(all.subarray(0, 7));
    res.end(all.subarray(7));
  }

  /** ListFoundationModels (control plane, SigV4 for "bedrock" as well). */
  private bedrockModels(req: IncomingMessage, res: ServerResponse, path: string, raw: string): void {
    const bad = this.sigV4Error(req, path, raw);
    if (bad) return fail(res, 403, bad);
    const ids = ['anthropic.claude-3-5-haiku-20241022-v1:0', 'anthropic.claude-3-7-sonnet-20250219-v1:0'];
    json(res, { modelSummaries: ids.map((modelId) => ({ modelId, providerName: 'Anthropic' })) });
  }

  /** Vertex Model Garden: publishers.models.list (Bearer token from the token endpoint). */
  private vertexModels(req: IncomingMessage, res: ServerResponse): void {
    if (!this.issued.includes(String(req.headers.authorization ?? '').replace(/^Bearer /, '')))
      return fail(res, 401, 'Request had invalid authentication credentials.');
    const ids = ['gemini-2.0-flash-001', 'gemini-2.5-pro'];
    json(res, { publisherModels: ids.map((id) => ({ name: `publishers/google/models/${id}` })) });
  }

  /** Cohere GET /v1/models. */
  private cohereModels(req: IncomingMessage, res: ServerResponse): void {
    if (req.headers.authorization !== `Bearer ${this.o.cohereKey}`) return fail(res, 401, 'invalid api token');
    json(res, { models: [{ name: 'command-r-08-2024' }, { name: 'rerank-v3.5' }] });
  }

  /** Vertex: Bearer token from the token endpoint; Gemini publishers answer generateContent, Anthropic rawPredict. */
  private vertex(req: IncomingMessage, res: ServerResponse, path: string, body: any): void {
    const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!this.issued.includes(token)) return fail(res, 401, 'Request had invalid authentication credentials.');
    if (path.includes('/publishers/google/models/')) return gemini(res, body, path.includes(':streamGenerateContent'));
    if (!/\/publishers\/anthropic\/models\/[^/]+:(raw|streamRaw)Predict$/.test(path))
      return fail(res, 404, 'not found');
    if (body.anthropic_version !== 'vertex-2023-10-16' || 'model' in body)
      return fail(res, 400, 'malformed Vertex Claude body');
    if (!!body.stream !== path.endsWith(':streamRawPredict')) return fail(res, 400, 'stream flag and method disagree');
    anthropic(res, { ...body, model: decodeURIComponent(path.split('/models/')[1].split(':')[0]) });
  }

  /** Cohere v2 chat (JSON, or SSE events named by their type) and rerank. */
  private cohere(req: IncomingMessage, res: ServerResponse, path: string, body: any): void {
    if (req.headers.authorization !== `Bearer ${this.o.cohereKey}`) return fail(res, 401, 'invalid api token');
    if (path === '/v2/rerank') {
      const results = body.documents.map((_: string, index: number) => ({ index, relevance_score: 1 / (index + 1) }));
      return json(res, { id: 'rr-1', results, meta: { billed_units: { search_units: 1 } } });
    }
    const tool = body.tools?.[0]?.function?.name as string | undefined;
    const call = { id: 'get_weather_1', type: 'function', function: { name: tool, arguments: '{"city":"Paris"}' } };
    if (!body.stream) {
      const message = tool
        ? { role: 'assistant', tool_plan: 'I will look up the weather.', tool_calls: [call] }
        : { role: 'assistant', content: [{ type: 'text', text: 'Hello from Cohere.' }] };
      return json(res, { id: 'co-1', finish_reason: tool ? 'TOOL_CALL' : 'COMPLETE', message, usage: COHERE_USAGE });
    }
    const ev = (data: { type: string }) => ({ event: data.type, data });
    const middle = tool
      ? [
          { type: 'tool-plan-delta', delta: { message: { tool_plan: 'I will look up the weather.' } } },
          {
            type: 'tool-call-start',
            index: 0,
            delta: { message: { tool_calls: { ...call, function: { name: tool, arguments: '' } } } },
          },
          {
            type: 'tool-call-delta',
            index: 0,
            delta: { message: { tool_calls: { function: { arguments: '{"city":' } } } },
          },
          {
            type: 'tool-call-delta',
            index: 0,
            delta: { message: { tool_calls: { function: { arguments: '"Paris"}' } } } },
          },
          { type: 'tool-call-end', index: 0 },
        ]
      : [
          { type: 'content-start', index: 0, delta: { message: { content: { type: 'text', text: '' } } } },
          { type: 'content-delta', index: 0, delta: { message: { content: { text: 'Hello ' } } } },
          { type: 'content-delta', index: 0, delta: { message: { content: { text: 'from Cohere.' } } } },
          { type: 'content-end', index: 0 },
        ];
    sse(
      res,
      [
        {
          type: 'message-start',
          id: 'co-1',
          delta: { message: { role: 'assistant', content: [], tool_plan: '', tool_calls: [], citations: [] } },
        },
        ...middle,
        { type: 'message-end', delta: { finish_reason: tool ? 'TOOL_CALL' : 'COMPLETE', usage: COHERE_USAGE } },
      ].map(ev),
    );
  }
}

function fail(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ message }));
}
