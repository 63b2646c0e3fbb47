import { Writable } from 'node:stream';
import { JsonLogger } from './json-logger';
import { forRequest } from './request-log';

function capture(level?: string): { logger: JsonLogger; lines: () => Record<string, unknown>[] } {
  const out: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      out.push(chunk.toString());
      done();
    },
  });
  const logger = new JsonLogger(level, sink);
  const lines = () =>
    out
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { logger, lines };
}

describe('JsonLogger', () => {
  it('writes one JSON line with level, time, context, msg, and the relay request id', () => {
    const { logger, lines } = capture();
    logger.warn(forRequest('20261124121500000abcdef012345', 'sensitive word'), 'UpstreamAttempt');
    logger.log('listening', 'Gateway');
    const [inside, outside] = lines();
    expect(inside).toMatchObject({
      level: 'warn',
      context: 'UpstreamAttempt',
      msg: 'sensitive word',
      requestId: '20261124121500000abcdef012345',
    });
    expect(typeof inside.time).toBe('string');
    expect(outside).toMatchObject({ level: 'info', context: 'Gateway', msg: 'listening' });
    expect(outside.requestId).toBeUndefined();
  });

  it('keeps an error stack and honours LOG_LEVEL', () => {
    const { logger, lines } = capture('warn');
    logger.log('dropped', 'X');
    logger.error('settlement failed', 'Error: boom\n    at x', 'RelayService');
    expect(lines()).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'settlement failed',
        stack: 'Error: boom\n    at x',
        context: 'RelayService',
      }),
    ]);
  });
});
