/**
 * A log message about one relay request: the JSON logger writes `requestId` beside `msg`
 * (docs/observability.md#logs). The id is passed explicitly rather than kept in an AsyncLocalStorage:
 * on Node 20 and 22 a store switches on promise hooks for every promise of every request (about 3% of
 * the relay's CPU in the profile, docs/benchmarks.md).
 */
export class RequestLogLine {
  constructor(
    readonly requestId: string,
    readonly msg: string,
  ) {}

  toString(): string {
    return this.msg;
  }
}

/** `this.logger.warn(forRequest(ctx.requestId, '…'))`: a line that carries the request id. */
export function forRequest(requestId: string, msg: string): RequestLogLine {
  return new RequestLogLine(requestId, msg);
}
