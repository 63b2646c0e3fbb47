/**
 * Builds the OpenAPI 3.1 document from the router's routes and the contract (docs/api-reference.md):
 * zod-openapi renders the zod schemas; this file only lays out paths, access and answers.
 */
import { failureEnvelopeSchema } from '@gw/shared';
import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import type { RouteEntry } from '../auth/route-inventory';
import { openAIErrorSchema } from './contract/openai-shapes';
import { isSkip, type Contract, type RouteDoc } from './route-doc';

const HTTP_METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
type HttpMethod = (typeof HTTP_METHODS)[number];

/** `/api/user/:id` → `/api/user/{id}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

type Requirement = Record<string, string[]>;
const SIGNED_IN: Requirement[] = [
  { session: [], newApiUser: [] },
  { accessToken: [], newApiUser: [] },
];
const RELAY_KEY: Requirement[] = [{ bearerKey: [] }, { anthropicKey: [] }, { geminiKey: [] }, { geminiQueryKey: [] }];

function security(access: RouteEntry['access']): Requirement[] {
  if (access === 'public') return [];
  return access === 'relay' ? RELAY_KEY : SIGNED_IN;
}

function pathParams(path: string): z.ZodObject | undefined {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  if (!names.length) return undefined;
  return z.object(
    Object.fromEntries(
      names.map((n) => [n, n === 'id' ? z.string().regex(/^\d+$/).describe('A numeric id.') : z.string()]),
    ),
  );
}

function responses(route: RouteEntry, doc: RouteDoc): ZodOpenApiResponsesObject {
  const relay = route.access === 'relay' || route.path.startsWith('/pg/');
  const failure = relay ? openAIErrorSchema : failureEnvelopeSchema;
  const out: ZodOpenApiResponsesObject = {};
  if (doc.response === 'redirect')
    out['302'] = { description: 'Redirect', headers: { location: { schema: { type: 'string' } } } };
  else if (doc.response === 'text')
    out['200'] = { description: 'Text or bytes', content: { 'application/octet-stream': { schema: z.string() } } };
  else if (doc.response) {
    out['200'] = { description: 'Success', content: { 'application/json': { schema: doc.response } } };
    if (doc.streams)
      out['200'].content!['text/event-stream'] = { schema: z.string().describe('Server-sent events (stream: true).') };
  }
  if (route.path.startsWith('/api/') || relay)
    out.default = { description: 'Refusal', content: { 'application/json': { schema: failure } } };
  return out;
}

function operation(route: RouteEntry, doc: RouteDoc, path: string): ZodOpenApiOperationObject {
  const op: ZodOpenApiOperationObject = {
    tags: [doc.tag],
    summary: doc.summary,
    security: security(route.access),
    'x-access': route.access,
    responses: responses(route, doc),
  };
  const params = pathParams(path);
  if (doc.query || params)
    op.requestParams = { ...(doc.query && { query: doc.query }), ...(params && { path: params }) };
  if (doc.description) op.description = doc.description;
  if (doc.body) op.requestBody = { required: true, content: { 'application/json': { schema: doc.body } } };
  else if (doc.bodyType) op.requestBody = { required: true, content: { [doc.bodyType]: { schema: z.looseObject({}) } } };
  return op;
}

/** The routes the router registers that the contract does not mention (a test keeps this empty). */
export function undocumentedRoutes(routes: RouteEntry[], contract: Contract): string[] {
  return routes.map((r) => `${r.method} ${r.path}`).filter((key) => !contract[key]);
}

export function buildOpenApiDocument(routes: RouteEntry[], contract: Contract, version: string) {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of routes) {
    const doc = contract[`${route.method} ${route.path}`];
    if (!doc || isSkip(doc)) continue;
    const methods: HttpMethod[] =
      route.method === 'ALL' ? [...HTTP_METHODS] : [route.method.toLowerCase() as HttpMethod];
    for (const path of doc.paths ?? [openApiPath(route.path)]) {
      const item = (paths[path] ??= {});
      for (const m of methods) item[m] = operation(route, doc, path);
    }
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'AI Gateway API',
      version,
      description:
        'The console API (/api; answers in the {success, message, data} envelope) and the OpenAI-compatible relay (/v1). ' +
        'How to read this document: docs/api-reference.md.',
    },
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'session', description: 'Set by POST /api/user/login.' },
        accessToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'The access token from GET /api/user/token.',
        },
        newApiUser: {
          type: 'apiKey',
          in: 'header',
          name: 'New-Api-User',
          description: "The signed-in user's id, sent with the session or access token.",
        },
        bearerKey: { type: 'http', scheme: 'bearer', description: 'An API key (sk-…) created under Tokens.' },
        anthropicKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        geminiKey: { type: 'apiKey', in: 'header', name: 'x-goog-api-key' },
        geminiQueryKey: { type: 'apiKey', in: 'query', name: 'key' },
      },
    },
  });
}
