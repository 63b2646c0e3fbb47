import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

let provider: NodeTracerProvider | null = null;

/**
 * Spans per export, unless OTEL_BSP_MAX_EXPORT_BATCH_SIZE says otherwise. An export serialises its batch
 * synchronously inside the `span.end()` that fills it: the SDK's 512 held the event loop for ~4 ms
 * (8–13 µs a span here), 64 keep it under a millisecond (docs/benchmarks.md).
 */
const EXPORT_BATCH_SPANS = 64;

/**
 * Starts the OpenTelemetry trace SDK when OTEL_EXPORTER_OTLP_ENDPOINT is set (OTLP over HTTP; the
 * exporter and batch processor read the standard OTEL_* variables). Unset: nothing starts and the
 * relay's spans are the API's no-op ones (docs/observability.md#traces-and-logs).
 */
export function startTracing(env: NodeJS.ProcessEnv = process.env): boolean {
  if (provider || !env.OTEL_EXPORTER_OTLP_ENDPOINT) return provider !== null;
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || 'ai-gateway' }),
    spanProcessors: [
      new BatchSpanProcessor(
        new OTLPTraceExporter(),
        env.OTEL_BSP_MAX_EXPORT_BATCH_SIZE ? {} : { maxExportBatchSize: EXPORT_BATCH_SPANS },
      ),
    ],
  });
  // Registers the global tracer provider and the W3C trace-context propagator. No context manager: the
  // relay hands each span its parent explicitly (relay-trace.ts), and an AsyncLocalStorage-based
  // manager would propagate its store on every promise of every request (docs/benchmarks.md).
  provider.register({ contextManager: null });
  return true;
}

/** Exports what is still queued (on shutdown). */
export async function stopTracing(): Promise<void> {
  const p = provider;
  provider = null;
  await p?.shutdown().catch(() => undefined);
}
