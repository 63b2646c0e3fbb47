import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpMock, type MockRequest } from './http-mock';

/** A span as OTLP/HTTP JSON carries it, with its attributes flattened to plain values. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  status?: { code?: number; message?: string };
  attributes: Record<string, string | number | boolean>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}

/** An OTLP collector stand-in: accepts POST /v1/traces in OTLP/HTTP JSON and keeps the spans. */
export class OtlpReceiver extends HttpMock {
  readonly spans: ReceivedSpan[] = [];

  protected answer(_req: IncomingMessage, res: ServerResponse, r: MockRequest): void {
    if (r.method !== 'POST' || r.path !== '/v1/traces' || !r.body) {
      res.writeHead(404).end();
      return;
    }
    for (const rs of r.body.resourceSpans ?? [])
      for (const ss of rs.scopeSpans ?? [])
        for (const s of ss.spans ?? []) this.spans.push({ ...s, attributes: flatten(s.attributes ?? []) });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  }
}

function flatten(attrs: { key: string; value: OtlpValue }[]): ReceivedSpan['attributes'] {
  const out: ReceivedSpan['attributes'] = {};
  for (const { key, value } of attrs) {
    const v = value.stringValue ?? value.boolValue ?? value.doubleValue;
    if (v !== undefined) out[key] = v;
    else if (value.intValue !== undefined) out[key] = Number(value.intValue);
  }
  return out;
}
