// The governed floor: the work the speed goals require of every relay request, with nothing else around
// it. Like the null proxy, a node:http server and an undici Pool; unlike it, the gateway's own ledger and
// observability, taken from its build: the body parsed, the key looked up in memory, QuotaLedger over the
// SQLite store (a durable reservation committed before the upstream call, the settlement with its usage
// row before the answer ends, group commits, the inbox moved to `logs`, WAL checkpoints in a worker), and,
// with OTEL_EXPORTER_OTLP_ENDPOINT set, the gateway's tracing set-up with the relay's two spans and its
// metric updates for a delivered request. No framework, admission rules, routing or conversion: no
// gateway that keeps the ledger durable can be faster on the same machine (docs/benchmarks.md).
// Env: PORT, UPSTREAM, SQLITE_PATH (a database the gateway set up: user, token and channel 1), KEY.
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Pool } from 'undici';

const DIST = join(new URL('../..', import.meta.url).pathname, 'backend/dist');
const require = createRequire(join(DIST, 'main.js'));
const Database = require('better-sqlite3');
const { QuotaLedger } = require(join(DIST, 'modules/billing/quota-ledger.service.js'));
const { SqliteLedgerStore } = require(join(DIST, 'modules/billing/sqlite-ledger-store.js'));
const { WalCheckpointer } = require(join(DIST, 'database/wal-checkpointer.js'));
const { WAL_AUTOCHECKPOINT_PAGES, dataSourceOptions } = require(join(DIST, 'database/data-source.js'));
const { startTracing } = require(join(DIST, 'modules/tracing/otel-sdk.js'));
const { RelayMetrics } = require(join(DIST, 'modules/metrics/relay-metrics.service.js'));
const otel = require('@opentelemetry/api');

const path = process.env.SQLITE_PATH;
const db = new Database(path);
// The gateway's connection settings (WAL, synchronous, cache, size limits), from its own data source.
dataSourceOptions({ database: { type: 'sqlite', path, busyTimeoutMs: 5000 }, dbLogging: false }).prepareDatabase(db);
const checkpointer = WalCheckpointer.start(db, path, { fallbackPages: WAL_AUTOCHECKPOINT_PAGES });

const observed = startTracing();
const tracer = otel.trace.getTracer('governed-floor');
const metrics = observed ? new RelayMetrics() : undefined;
const queue = { runSync: (fn) => new Promise((resolve) => resolve(fn())) };
const noLogs = { record: () => undefined, finish: async () => undefined };
const ledger = new QuotaLedger(
  new SqliteLedgerStore(db, queue),
  { nodeName: 'floor', batchUpdateIntervalMs: 500 },
  noLogs,
  metrics,
);
await ledger.onModuleInit();

const token = db.prepare('SELECT id, user_id, name FROM tokens ORDER BY id LIMIT 1').get();
const user = db.prepare('SELECT username FROM users WHERE id = ?').get(token.user_id);
const channel = db.prepare('SELECT id, name FROM channels ORDER BY id LIMIT 1').get();
const RATIO = 0.075; // the bench's price of its model (run.mjs)
const upstream = new Pool(process.env.UPSTREAM, { pipelining: 1, keepAliveTimeout: 60_000 });
let seq = 0;

/** One request: the steps the gateway cannot skip, in its order. */
async function relay(req, res, raw) {
  const startedAt = performance.now();
  if (req.headers.authorization !== `Bearer ${process.env.KEY}`) return void res.writeHead(401).end();
  const body = JSON.parse(raw);
  const requestId = `${Date.now().toString(36)}${(++seq).toString(36).padStart(6, '0')}`;
  const span = observed ? tracer.startSpan('relay', { kind: otel.SpanKind.SERVER }, otel.ROOT_CONTEXT) : null;
  span?.setAttributes({ 'gateway.request_id': requestId, 'gen_ai.request.model': body.model });
  const amount = Math.ceil(RATIO * (raw.length / 4 + (body.max_tokens ?? 4096) * 4));
  const at = Math.floor(Date.now() / 1000);
  const reservation = { requestId, userId: token.user_id, tokenId: token.id, tokenDrawn: true, amount };
  const meta = JSON.stringify({ username: user.username, tokenName: token.name, model: body.model, stream: false });
  const op = {
    reservation: { ...reservation, promptQuota: 0, node: 'floor', createdAt: at, meta },
    requirePositive: true,
  };
  if (!(await ledger.reserve(op))) return void res.writeHead(403).end();

  const headers = { 'content-type': 'application/json', authorization: 'Bearer sk-upstream' };
  const attempt = span
    ? tracer.startSpan('POST upstream', { kind: otel.SpanKind.CLIENT }, otel.trace.setSpan(otel.ROOT_CONTEXT, span))
    : null;
  if (attempt) otel.propagation.inject(otel.trace.setSpan(otel.ROOT_CONTEXT, attempt), headers);
  const calledAt = performance.now();
  const answer = await upstream.request({ path: req.url, method: 'POST', headers, body: raw });
  const text = await answer.body.text();
  const upstreamMs = performance.now() - calledAt;
  attempt?.setAttribute('http.response.status_code', answer.statusCode);
  attempt?.end();

  // Usage from the answer's tail, as the gateway reads it (no parse of the whole answer).
  const usage = JSON.parse(text.slice(text.lastIndexOf('{', text.indexOf('"prompt_tokens"')), text.lastIndexOf('}')));
  const charged = Math.round(RATIO * (usage.prompt_tokens + usage.completion_tokens * 4));
  const tokens = usage.prompt_tokens + usage.completion_tokens;
  const log = {
    type: 2,
    user_id: token.user_id,
    username: user.username,
    token_name: token.name,
    token_id: token.id,
    model_name: body.model,
    quota: charged,
    prompt_tokens: usage.prompt_tokens,
    completion_tokens: usage.completion_tokens,
    use_time: Math.round((performance.now() - startedAt) / 1000),
    channel_id: channel.id,
    channel_name: channel.name,
    group: 'default',
    request_id: requestId,
    created_at: at,
    other: JSON.stringify({ model_ratio: RATIO, completion_ratio: 4, group_ratio: 1, upstream_ms: upstreamMs }),
  };
  const usageRow = { username: user.username, modelName: body.model, tokens, at };
  await ledger.settle({
    ...reservation,
    reserved: amount,
    charged,
    countRequest: true,
    channelId: channel.id,
    log,
    usage: usageRow,
  });
  span?.setAttributes({
    'gen_ai.usage.input_tokens': usage.prompt_tokens,
    'gen_ai.usage.output_tokens': usage.completion_tokens,
  });
  span?.end();
  const totalMs = performance.now() - startedAt;
  const delivered = { model: body.model, channelId: channel.id, mode: 'chat', stream: false, frtMs: null };
  metrics?.relayDelivered({
    ...delivered,
    totalMs,
    upstreamMs,
    promptTokens: usage.prompt_tokens,
    completionTokens: usage.completion_tokens,
    quota: charged,
  });
  res.writeHead(answer.statusCode, { 'content-type': answer.headers['content-type'] ?? 'application/json' }).end(text);
}

const server = createServer((req, res) => {
  const parts = [];
  req.on('data', (c) => parts.push(c));
  req.on('end', () =>
    relay(req, res, parts.length === 1 ? parts[0] : Buffer.concat(parts)).catch(() => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    }),
  );
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () =>
  console.log(`governed floor listening on ${server.address().port}`),
);
process.on('SIGTERM', () => {
  server.close();
  upstream.close();
  void ledger
    .onApplicationShutdown()
    .then(() => checkpointer.stop())
    .finally(() => process.exit(0));
});
