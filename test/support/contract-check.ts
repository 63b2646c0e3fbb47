/**
 * The API suite as the contract's conformance test (docs/api-reference.md): every /api answer the
 * test client receives is checked against the response schema its route documents, and every
 * refusal against the failure envelope. A mismatch throws, naming the route and the zod issues.
 */
import { failureEnvelopeSchema } from '@gw/shared';
import { z } from 'zod';
import { API_CONTRACT } from '../../backend/src/modules/openapi/contract';
import { isSkip, type RouteDoc } from '../../backend/src/modules/openapi/route-doc';

interface Matcher {
  route: string;
  method: string;
  pattern: RegExp;
  doc: RouteDoc;
  /** Fewer parameters first: a static segment wins over `:id`, as in the router. */
  params: number;
}

const MATCHERS: Matcher[] = Object.entries(API_CONTRACT)
  .filter(([route]) => route.split(' ')[1].startsWith('/api/'))
  .flatMap(([route, doc]) => {
    if (isSkip(doc)) return [];
    const [method, path] = route.split(' ');
    const source = path.replace(/[.]/g, '\\.').replace(/:\w+/g, '[^/]+');
    return [{ route, method, pattern: new RegExp(`^${source}/?$`), doc, params: (path.match(/:/g) ?? []).length }];
  })
  .sort((a, b) => a.params - b.params);

/** The contract entry answering `METHOD path` (query string ignored), if any. */
export function routeOf(method: string, url: string): Matcher | undefined {
  const path = url.split('?')[0];
  return MATCHERS.find((m) => m.method === method && m.pattern.test(path));
}

/** Why this answer breaks the contract, or null when it keeps it (or is not a JSON /api answer). */
export function contractProblem(method: string, url: string, status: number, body: unknown): string | null {
  if (!url.startsWith('/api/') || status < 200 || (status >= 300 && status < 400)) return null;
  if (body === null || typeof body !== 'object') return null;
  const m = routeOf(method, url);
  const schema = m && typeof m.doc.response === 'object' ? m.doc.response : undefined;
  const refused = status >= 400 || (body as { success?: unknown }).success === false;
  if (refused) {
    if (schema?.safeParse(body).success) return null;
    const r = failureEnvelopeSchema.safeParse(body);
    return r.success ? null : describe(method, url, status, m?.route ?? 'failure envelope', r.error, body);
  }
  if (!m)
    return `${method} ${url} answered ${status} but no route of the contract matches it (backend/src/modules/openapi/contract)`;
  if (!schema) return null;
  const r = schema.safeParse(body);
  return r.success ? null : describe(method, url, status, m.route, r.error, body);
}

function describe(
  method: string,
  url: string,
  status: number,
  route: string,
  error: z.ZodError,
  body: unknown,
): string {
  const shown = JSON.stringify(body);
  return (
    `${method} ${url} (${status}) does not match the contract of ${route}:\n${z.prettifyError(error)}\n` +
    `answer: ${shown.length > 600 ? `${shown.slice(0, 600)}…` : shown}`
  );
}
