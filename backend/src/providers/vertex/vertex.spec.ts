import { createVerify, generateKeyPairSync } from 'node:crypto';
import { buildSettings } from '@gw/shared';
import { openAIToAnthropicRequest } from '../anthropic/request-from-openai';
import { openAIToGeminiRequest } from '../gemini/request-from-openai';
import { golden, readJson } from '../testing/golden';
import { createJwtAssertion, parseServiceAccountKey, parseTokenResponse, tokenRequest } from './service-account';
import { onProviderHost } from '../shared/destination';
import { checkVertexRegions, VERTEX_HOST, vertexClaudeBody, vertexClaudeModel, vertexModelsUrl, vertexRegion, vertexUrl } from './vertex-urls';

const DIR = __dirname;
// A throwaway key generated per run: no private key is stored in the repository.
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const keyJson = JSON.stringify({
  type: 'service_account',
  project_id: 'demo-project',
  private_key_id: 'abc123',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
  client_email: 'gateway@demo-project.iam.gserviceaccount.com',
  client_id: '1234567890',
  token_uri: 'https://oauth2.googleapis.com/token',
});

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

describe('service account → JWT → token', () => {
  const key = parseServiceAccountKey(keyJson);

  it('parses the key JSON and refuses what is not a service account', () => {
    expect(key).toMatchObject({ project_id: 'demo-project', client_email: 'gateway@demo-project.iam.gserviceaccount.com', private_key_id: 'abc123' });
    expect(() => parseServiceAccountKey('not json')).toThrow('service-account JSON');
    expect(() => parseServiceAccountKey('{"type":"authorized_user"}')).toThrow('not a service-account key');
    expect(() => parseServiceAccountKey('{"type":"service_account","project_id":"p"}')).toThrow('client_email');
  });

  it('RS256 assertion: header, claims, and a signature the public key verifies', () => {
    const jwt = createJwtAssertion(key, 1700000000.9);
    const [h, c, s] = jwt.split('.');
    expect(decode(h)).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'abc123' });
    expect(decode(c)).toEqual({
      iss: 'gateway@demo-project.iam.gserviceaccount.com',
      scope: 'https://www.googleapis.com/auth/cloud-platform',
      aud: 'https://oauth2.googleapis.com/token',
      iat: 1700000000,
      exp: 1700003600,
    });
    expect(createVerify('RSA-SHA256').update(`${h}.${c}`).verify(publicKey, Buffer.from(s, 'base64url'))).toBe(true);
    expect(createJwtAssertion(key, 1700000000)).toBe(jwt);
  });

  it('token request: jwt-bearer grant, form-encoded', () => {
    expect(tokenRequest(key, 'a.b.c')).toEqual({
      url: 'https://oauth2.googleapis.com/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=a.b.c',
    });
  });

  it('token response → token with an expiry 5 minutes early', () => {
    expect(parseTokenResponse({ access_token: 'ya29.x', expires_in: 3599, token_type: 'Bearer' }, 1000)).toEqual({ accessToken: 'ya29.x', expiresAt: 1000 + 3299 });
    expect(() => parseTokenResponse({ error: 'invalid_grant' }, 0)).toThrow('access_token');
  });
});

describe('regions and URLs', () => {
  it.each([
    ['', 'gemini-2.0-flash', 'global'],
    ['us-central1', 'gemini-2.0-flash', 'us-central1'],
    ['{"default":"us-central1","claude-3-5-sonnet-20241022":"us-east5"}', 'claude-3-5-sonnet-20241022', 'us-east5'],
    ['{"default":"us-central1","claude-3-5-sonnet-20241022":"us-east5"}', 'gemini-2.5-pro', 'us-central1'],
    ['{"claude-x":"europe-west1"}', 'gemini-2.5-pro', 'global'],
    ['{broken', 'gemini-2.5-pro', 'global'],
  ])('other %j, model %s → %s', (other, model, region) => {
    expect(vertexRegion(other, model)).toBe(region);
  });

  it.each([
    ['gemini-2.0-flash', 'us-central1', false, 'https://us-central1-aiplatform.googleapis.com/v1/projects/demo-project/locations/us-central1/publishers/google/models/gemini-2.0-flash:generateContent'],
    ['gemini-2.5-pro', 'global', true, 'https://aiplatform.googleapis.com/v1/projects/demo-project/locations/global/publishers/google/models/gemini-2.5-pro:streamGenerateContent?alt=sse'],
    ['claude-3-5-sonnet-20241022', 'us-east5', false, 'https://us-east5-aiplatform.googleapis.com/v1/projects/demo-project/locations/us-east5/publishers/anthropic/models/claude-3-5-sonnet-v2%4020241022:rawPredict'],
    ['claude-sonnet-4-20250514', 'europe-west1', true, 'https://europe-west1-aiplatform.googleapis.com/v1/projects/demo-project/locations/europe-west1/publishers/anthropic/models/claude-sonnet-4%4020250514:streamRawPredict'],
  ])('%s in %s (stream %s)', (model, region, stream, url) => {
    expect(vertexUrl({ projectId: 'demo-project', region, model, stream })).toBe(url);
  });

  it.each(['127.0.0.1:4491/steal#', 'evil.example', 'us-central1.evil.example/', 'US-CENTRAL1', 'a b'])(
    'region %j is refused: the URL would not stay on a Vertex AI host',
    (region) => {
      expect(() => vertexUrl({ projectId: 'p', region, model: 'gemini-2.0-flash', stream: false })).toThrow('not a valid region name');
      expect(() => vertexModelsUrl(region)).toThrow('not a valid region name');
    },
  );

  it('checks every region of a region map', () => {
    expect(() => checkVertexRegions('{"default":"us-central1","m":"us-east5"}')).not.toThrow();
    expect(() => checkVertexRegions('')).not.toThrow();
    expect(() => checkVertexRegions('{"default":"us-central1","m":"x.y/z#"}')).toThrow('not a valid region name');
  });

  it('a URL off the provider host is refused', () => {
    expect(() => onProviderHost('https://aiplatform.googleapis.com.evil.example/x', VERTEX_HOST, 'Vertex AI')).toThrow("provider's host");
    expect(() => onProviderHost('https://aiplatform.googleapis.com:8443/x', VERTEX_HOST, 'Vertex AI')).toThrow("provider's host");
    expect(() => onProviderHost('http://aiplatform.googleapis.com/x', VERTEX_HOST, 'Vertex AI')).toThrow("provider's host");
    expect(onProviderHost('https://us-east5-aiplatform.googleapis.com/x', VERTEX_HOST, 'Vertex AI')).toBe('https://us-east5-aiplatform.googleapis.com/x');
  });

  it.each([
    ['claude-3-5-sonnet-20241022', 'claude-3-5-sonnet-v2@20241022'],
    ['claude-3-7-sonnet-20250219', 'claude-3-7-sonnet@20250219'],
    ['claude-opus-4-1-20250805', 'claude-opus-4-1@20250805'],
    ['claude-3-haiku@20240307', 'claude-3-haiku@20240307'],
  ])('Claude model %s → %s', (model, id) => {
    expect(vertexClaudeModel(model)).toBe(id);
  });
});

describe('request bodies (golden)', () => {
  const settings = buildSettings({});

  it('Claude on Vertex: Anthropic request minus model, anthropic_version vertex-2023-10-16', () => {
    const body = vertexClaudeBody(openAIToAnthropicRequest(readJson(DIR, '../../anthropic/testdata/chat-basic.openai-request.json'), settings));
    expect(body).toEqual(golden(DIR, 'chat-basic.vertex-claude-body.json', body));
    expect(body).not.toHaveProperty('model');
  });

  it('Gemini on Vertex: the generateContent body is the Gemini converter output', () => {
    const { request } = openAIToGeminiRequest(readJson(DIR, '../../gemini/testdata/chat-basic.openai-request.json'), settings);
    expect(request).toEqual(readJson(DIR, '../../gemini/testdata/chat-basic.gemini-request.json').request);
  });
});
