// Streaming load client. Modes:
//   seq  URL KEY N          N streams one after another: median time-to-first-token and gap between chunks
//   conc URL KEY N [MODEL]  N streams at once (model slow-1s, or MODEL): successes, failures, wall time
import { Agent, request } from 'undici';

const [mode, url, key, nText, model] = process.argv.slice(2);
const n = Number(nText);
const agent = new Agent({
  connections: null,
  pipelining: 1,
  keepAliveTimeout: 60_000,
  // The official OpenAI SDK's default: 10 minutes. Thousands of streams at once queue in the backlogs
  // and on one core; a client with a shorter patience would count the queueing as failures.
  connect: { timeout: 600_000 },
  headersTimeout: 600_000,
  bodyTimeout: 600_000,
});
const headers = { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) };
const body = (model) =>
  JSON.stringify({
    model,
    stream: true,
    messages: [{ role: 'user', content: 'Count slowly from one to twenty, please.' }],
  });

async function one(model) {
  const t0 = performance.now();
  const res = await request(url, { method: 'POST', headers, body: body(model), dispatcher: agent });
  if (res.statusCode !== 200) {
    await res.body.text();
    return { ok: false };
  }
  let ttft = null;
  let last = null;
  const gaps = [];
  let text = '';
  for await (const chunk of res.body) {
    const now = performance.now();
    const s = chunk.toString();
    text += s;
    if (s.includes('"content":"t')) {
      if (ttft === null) ttft = now - t0;
      else gaps.push(now - last);
      last = now;
    }
  }
  return { ok: text.includes('[DONE]'), ttft, gaps };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : null;
};

if (mode === 'seq') {
  const ttfts = [];
  const gaps = [];
  let ok = 0;
  for (let i = 0; i < n; i++) {
    const r = await one('gpt-4o-mini');
    if (r.ok) ok++;
    if (r.ttft !== null) ttfts.push(r.ttft);
    gaps.push(...(r.gaps ?? []));
  }
  console.log(`JSON${JSON.stringify({ ok, n, ttft_ms: median(ttfts), gap_ms: median(gaps) })}`);
} else {
  const t0 = performance.now();
  const results = await Promise.all(
    Array.from({ length: n }, () => one(model || 'slow-1s').catch(() => ({ ok: false }))),
  );
  const ok = results.filter((r) => r.ok).length;
  console.log(`JSON${JSON.stringify({ ok, failed: n - ok, n, wall_ms: Math.round(performance.now() - t0) })}`);
}
await agent.close();
