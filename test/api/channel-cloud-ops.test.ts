import type { CloudMock } from '../mock-upstream/cloud-mock';
import { ApiClient } from '../support/api-client';
import { BEDROCK_KEY, COHERE_KEY, startCloud } from '../support/cloud-fixtures';
import { setupRoot } from '../support/fixtures';
import { createChannel } from '../support/relay-fixtures';
import { startApp, type TestApp } from '../support/test-app';

/** Channel test and model fetch for the cloud types: Bedrock (SigV4), Cohere, Vertex (OAuth token first). */
const EN = { 'accept-language': 'en' };

describe('channel operations on cloud upstreams', () => {
  let t: TestApp;
  let cloud: CloudMock;
  let root: ApiClient;
  let vertexKey: string;
  let refusedVertexKey: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ cloud, vertexKey, refusedVertexKey } = await startCloud());
    t = await startApp();
    root = await setupRoot(t.url);
    const base = { base_url: cloud.url };
    ids.bedrock = await createChannel(root, {
      ...base,
      type: 33,
      key: BEDROCK_KEY,
      models: 'claude-3-5-haiku-20241022',
    });
    ids.cohere = await createChannel(root, { ...base, type: 34, key: COHERE_KEY, models: 'command-r-08-2024' });
    ids.vertex = await createChannel(root, {
      ...base,
      name: 'vertex',
      type: 41,
      key: vertexKey,
      models: 'gemini-2.0-flash',
    });
    ids.refused = await createChannel(root, {
      ...base,
      name: 'vertex-refused',
      type: 41,
      key: refusedVertexKey,
      models: 'gemini-2.0-flash',
      auto_ban: 0,
    });
  });

  afterAll(async () => {
    await t?.close();
    await cloud?.close();
  });

  it.each(['bedrock', 'cohere', 'vertex'])('%s: the channel test succeeds through the adaptor', async (name) => {
    const res = await root.get(`/api/channel/test/${ids[name]}`, EN);
    expect(res.body).toMatchObject({ success: true, message: '' });
  });

  it('vertex: the test exchanges the service-account JWT for a token and uses it', async () => {
    await root.get(`/api/channel/test/${ids.vertex}`, EN);
    const call = cloud.requests.filter((r) => r.path.includes('/publishers/google/models/')).at(-1)!;
    expect(cloud.issued).toContain(String(call.headers.authorization).replace(/^Bearer /, ''));
  });

  it('vertex: a refused service account fails the test with a clear message, no secret in it', async () => {
    const res = await root.get(`/api/channel/test/${ids.refused}`, EN);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(/invalid_grant/);
    expect(res.body.message).not.toContain('PRIVATE KEY');
  });

  it('bedrock: fetch models lists the foundation models (signed control-plane call)', async () => {
    const res = await root.get(`/api/channel/fetch_models/${ids.bedrock}`);
    expect(res.body.success).toBe(true);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.join(',')).toMatch(/claude-3-5-haiku/);
    expect(cloud.requests.at(-1)!.path).toBe('/foundation-models?byProvider=Anthropic');
  });

  it('cohere: fetch models for an existing and a new channel', async () => {
    const existing = await root.get(`/api/channel/fetch_models/${ids.cohere}`);
    expect(existing.body.data).toEqual(['command-r-08-2024', 'rerank-v3.5']);
    const fresh = await root.post('/api/channel/fetch_models', { type: 34, base_url: cloud.url, key: COHERE_KEY });
    expect(fresh.body.data).toEqual(['command-r-08-2024', 'rerank-v3.5']);
  });

  it("vertex: fetch models lists Model Garden's Gemini models with the exchanged token", async () => {
    const res = await root.get(`/api/channel/fetch_models/${ids.vertex}`, EN);
    expect(res.body).toMatchObject({ success: true, data: ['gemini-2.0-flash-001', 'gemini-2.5-pro'] });
    expect(cloud.requests.at(-1)!.path).toBe('/v1beta1/publishers/google/models?pageSize=1000');
  });

  it('vertex: a refused service account fails the model fetch clearly', async () => {
    const res = await root.get(`/api/channel/fetch_models/${ids.refused}`, EN);
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(/invalid_grant/);
  });
});
