/**
 * The published contract (docs/api-reference.md): every registered route is documented (or left out
 * with a reason), the served document is the committed docs/openapi.json, and the API client's
 * response check (support/contract-check.ts) refuses answers that leave the documented shape.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_CONTRACT } from '../../backend/src/modules/openapi/contract';
import { isSkip } from '../../backend/src/modules/openapi/route-doc';
import { ApiClient } from '../support/api-client';
import { contractProblem } from '../support/contract-check';
import { registeredRoutes } from '../support/routes';
import { REPO_ROOT, startApp, type TestApp } from '../support/test-app';

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('OpenAPI document', () => {
  let t: TestApp;
  const routes = registeredRoutes();

  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  it('documents every registered route (or names why it is left out)', () => {
    const missing = routes.map((r) => `${r.method} ${r.path}`).filter((key) => !API_CONTRACT[key]);
    expect(missing).toEqual([]);
  });

  it('documents no route the router does not register', () => {
    const registered = new Set(routes.map((r) => `${r.method} ${r.path}`));
    expect(Object.keys(API_CONTRACT).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('is served at /api/openapi.json, to anyone, as OpenAPI 3.1 with every documented route', async () => {
    const res = await fetch(`${t.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toMatch(/max-age/);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { 'x-access': string }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const absent = routes.flatMap((r) => {
      const entry = API_CONTRACT[`${r.method} ${r.path}`];
      if (!entry || isSkip(entry)) return [];
      const paths = entry.paths ?? [openApiPath(r.path)];
      const method = r.method === 'ALL' ? 'get' : r.method.toLowerCase();
      return paths.filter((p) => doc.paths[p]?.[method]?.['x-access'] !== r.access).map((p) => `${r.method} ${p}`);
    });
    expect(absent).toEqual([]);
  });

  it('is the committed docs/openapi.json (regenerate with `npm run openapi`)', async () => {
    const served = await (await fetch(`${t.url}/api/openapi.json`)).text();
    const committed = readFileSync(join(REPO_ROOT, 'docs/openapi.json'), 'utf8');
    expect(committed === served).toBe(true);
  });

  it('the API client refuses an answer outside its documented shape, naming the route and the issue', async () => {
    expect(contractProblem('GET', '/api/user/self', 200, { success: true, message: '', data: { id: 1 } })).toMatch(
      /GET \/api\/user\/self \(200\) does not match the contract of GET \/api\/user\/self:[\s\S]*username/,
    );
    expect(contractProblem('GET', '/api/user/7', 404, { success: false, message: 'x' })).toMatch(/data/);
    expect(contractProblem('GET', '/api/status', 200, { success: true, message: '', data: {} })).not.toBeNull();
    const status = await new ApiClient(t.url).get('/api/status');
    expect(status.body.success).toBe(true);
  });
});
