// The floor: a null proxy (node:http + undici Pool, keep-alive on both legs, bodies streamed both
// ways, nothing parsed). What any Node gateway costs at the very least.
import { createServer } from 'node:http';
import { Pool } from 'undici';

const upstream = new Pool(process.env.UPSTREAM, { pipelining: 1, keepAliveTimeout: 60_000 });
const server = createServer(async (req, res) => {
  try {
    const r = await upstream.request({
      path: req.url,
      method: req.method,
      headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
      body: req.method === 'GET' ? null : req,
    });
    res.writeHead(r.statusCode, { 'content-type': r.headers['content-type'] ?? 'application/json' });
    for await (const c of r.body) res.write(c);
    res.end();
  } catch {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  }
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () =>
  console.log(`null proxy listening on ${server.address().port}`),
);
