import { ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RelayTrace } from '../../modules/tracing/relay-trace';
import type { WebAssets } from '../../web/static-web';
import { errorReply } from './error-body';
import { isApiPath, isRelayPath } from './relay-paths';
import { lingerAfterRefusal } from './request-bounds';

/** The one place errors become HTTP answers; unknown console paths get the SPA's index.html. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  constructor(private readonly web: WebAssets = { indexHtml: null }) {}

  catch(err: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<FastifyRequest>();
    const reply = ctx.getResponse<FastifyReply>();
    if (reply.sent || reply.raw.headersSent) return;
    const { status, body } = errorReply(err, req.url, req.headers['accept-language']);
    if (status === 404 && this.isSpaRoute(req)) {
      void reply
        .status(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(this.web.indexHtml);
      return;
    }
    if (status === 413) lingerAfterRefusal(req, reply);
    // A relay path's error (bad JSON, body too large...) is timed and traced as a relay refusal.
    const trace = isRelayPath(req.url) ? RelayTrace.ensure(req, reply) : null;
    trace?.failed(reply, { code: null, status });
    void reply.status(status).header('cache-control', 'no-store').send(body);
    trace?.ended(reply);
  }

  private isSpaRoute(req: FastifyRequest): boolean {
    const path = req.url.split('?')[0];
    return (
      this.web.indexHtml !== null &&
      req.method === 'GET' &&
      !isApiPath(path) &&
      !isRelayPath(path) &&
      !path.startsWith('/remotes/') &&
      !/\.[a-z0-9]{1,5}$/i.test(path)
    );
  }
}
