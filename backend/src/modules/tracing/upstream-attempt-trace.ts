import { SpanStatusCode, type Span } from '@opentelemetry/api';

/** One upstream call's span; `count()` marks the response head, `end()` the attempt's end. */
export class UpstreamAttemptTrace {
  private readonly sentAt = performance.now();
  private counted = false;

  constructor(
    private readonly span: Span,
    private readonly addUpstreamMs: (ms: number) => void,
  ) {}

  /** The upstream's time so far counts into Server-Timing's `upstream` (once per attempt). */
  count(): void {
    if (this.counted) return;
    this.counted = true;
    this.addUpstreamMs(performance.now() - this.sentAt);
  }

  end(status: number | null, error?: string): void {
    this.count();
    if (status !== null) this.span.setAttribute('http.response.status_code', status);
    if (error || status === null || status >= 400) {
      this.span.setAttribute('error.type', error ?? String(status));
      this.span.setStatus({ code: SpanStatusCode.ERROR, message: error });
    }
    this.span.end();
  }
}
