/** Public status, pricing, setup and health routes (docs/console-api.md#route-groups). */
import { pricingItemSchema, serverStatusSchema, setupSchema, setupStatusSchema } from '@gw/shared';
import { z } from 'zod';
import { data, OK, STRING, type Contract } from '../route-doc';

const pricingAnswer = data(z.array(pricingItemSchema)).extend({
  group_ratio: z.record(z.string(), z.number()).describe('Ratio of each usable group.'),
  usable_group: z.record(z.string(), z.string()).describe('Usable groups with their descriptions.'),
});
const health = z.strictObject({ status: z.string() });

export const statusRoutes: Contract = {
  'GET /api/status': { tag: 'status', summary: 'Public server status (only non-secret settings)', response: data(serverStatusSchema) },
  'GET /api/notice': { tag: 'status', summary: 'The notice text (Markdown)', response: STRING },
  'GET /api/about': { tag: 'status', summary: 'The about page (Markdown, HTML or a URL)', response: STRING },
  'GET /api/home_page_content': { tag: 'status', summary: 'The home page content (Markdown, HTML or a URL)', response: STRING },
  'GET /api/pricing': {
    tag: 'status',
    summary: "The price list for the caller's group ('default' when signed out)",
    description: 'docs/pricing.md. The groups sit beside `data`.',
    response: pricingAnswer,
  },
  'GET /api/openapi.json': { tag: 'status', summary: 'This document', response: z.record(z.string(), z.unknown()) },
  'GET /api/setup': { tag: 'setup', summary: 'Whether first-run setup is done', response: data(setupStatusSchema) },
  'POST /api/setup': { tag: 'setup', summary: 'First run: create root (unless it exists) and choose the usage mode', body: setupSchema, response: OK },
  'GET /healthz': { tag: 'health', summary: 'Liveness: the process is up', response: health },
  'GET /readyz': { tag: 'health', summary: 'Readiness: the database answers (503 when not)', response: health },
  'GET /metrics': {
    tag: 'health',
    summary: 'Prometheus metrics for `Authorization: Bearer <METRICS_TOKEN>`; 404 when METRICS_TOKEN is unset',
    description: 'docs/observability.md. METRICS_PORT serves the same without a token on a separate port.',
    response: 'text',
  },
};
