// Benchmark mock upstream: a minimal OpenAI chat endpoint (node:http, no framework).
// Non-stream: ~1.4 KB JSON with usage. Stream: role chunk, N content chunks every INTERVAL ms,
// usage chunk, [DONE]. Model "slow-1s" streams for one second (the concurrency test); "slow-1s-long" too,
// with 100 chunks of ~400 bytes of text (memory per stream must not grow with the output).
import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 0);
const CHUNKS = Number(process.env.MOCK_CHUNKS ?? 20);
const INTERVAL = Number(process.env.MOCK_INTERVAL_MS ?? 5);
const USAGE = { prompt_tokens: 24, completion_tokens: 180, total_tokens: 204 };
const content = 'The quick brown fox jumps over the lazy dog. '.repeat(22).trim();
const body = Buffer.from(
  JSON.stringify({
    id: 'chatcmpl-bench',
    object: 'chat.completion',
    created: 1700000000,
    model: 'gpt-4o-mini',
    choices: [{ index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: 'stop' }],
    usage: USAGE,
  }),
);
const chunk = (delta, extra = {}) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1700000000, model: 'gpt-4o-mini', choices: [{ index: 0, delta, finish_reason: null }], ...extra })}\n\n`;

const LONG_PIECE = 'All work and no play makes a stream long. '.repeat(10);

function stream(res, chunks, interval, piece = '') {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(chunk({ role: 'assistant', content: '' }));
  let i = 0;
  const timer = setInterval(() => {
    if (res.destroyed) return clearInterval(timer);
    if (i < chunks) {
      res.write(chunk({ content: `t${i} ${piece}` }));
      i++;
      return;
    }
    clearInterval(timer);
    res.write(
      `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1700000000, model: 'gpt-4o-mini', choices: [], usage: USAGE })}\n\n`,
    );
    res.end('data: [DONE]\n\n');
  }, interval);
}

const server = createServer((req, res) => {
  const parts = [];
  req.on('data', (c) => parts.push(c));
  req.on('end', () => {
    // The gateway with tracing on exports its spans here (OTLP over HTTP): accepted and dropped.
    if (req.url === '/v1/traces') return res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    const text = Buffer.concat(parts).toString();
    if (text.includes('"stream":true')) {
      if (text.includes('slow-1s-long')) return stream(res, 100, 10, LONG_PIECE);
      if (text.includes('slow-1s')) return stream(res, 10, 100);
      return stream(res, CHUNKS, INTERVAL);
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  });
});
server.keepAliveTimeout = 60_000;
// A backlog as deep as the kernel allows: the concurrency run connects thousands of streams at once.
server.listen({ port, host: '127.0.0.1', backlog: 65_535 }, () =>
  console.log(`mock listening on ${server.address().port}`),
);
