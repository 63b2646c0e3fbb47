// The gateway process the query benchmarks (log-query.mjs, dashboard-query.mjs, console-writes.mjs) drive:
// the built app on a given SQLite file, on a free port, silent, without the per-IP /api budget their query
// loops would spend; and the probe that shows how long a query or write held its event loop.
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('../..', import.meta.url).pathname;

/** Starts the gateway on `dbPath` (with `env` on top); resolves with the process and its base URL. */
export async function startGateway(dbPath, env = {}) {
  const child = spawn(process.execPath, [join(ROOT, 'backend/dist/main.js')], {
    env: {
      ...process.env,
      SQLITE_PATH: dbPath,
      PORT: '0',
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'bench',
      GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
      WEB_DIST_DIR: tmpdir(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1].replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (c) => reject(new Error(`gateway exited ${c}`)));
  });
  return { child, url };
}

/** Stops a gateway started by startGateway and waits for it to exit. */
export async function stopGateway(gw) {
  gw.child.kill();
  await new Promise((r) => gw.child.once('exit', r));
}

/**
 * Sets up root on a fresh gateway and signs in. Returns the console call: `call(method, path, body)`
 * answers the `data` of a successful answer and throws on any other.
 */
export async function rootConsole(url) {
  const json = { 'content-type': 'application/json' };
  const setup = { username: 'root', password: 'bench-pass-1', confirmPassword: 'bench-pass-1' };
  await fetch(`${url}/api/setup`, { method: 'POST', headers: json, body: JSON.stringify(setup) });
  const login = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: 'root', password: 'bench-pass-1' }),
  });
  const session = {
    ...json,
    cookie: login.headers.getSetCookie()[0].split(';')[0],
    'new-api-user': String((await login.json()).data.id),
  };
  return async function call(method, path, body) {
    const res = await fetch(`${url}${path}`, { method, headers: session, body: JSON.stringify(body ?? {}) });
    const answer = await res.json();
    if (!answer.success) throw new Error(`${method} ${path}: ${JSON.stringify(answer).slice(0, 300)}`);
    return answer.data;
  };
}

/** Asks /healthz one request after another until stopped; resolves with the slowest answer's time. */
export function startProbe(url) {
  let running = true;
  let max = 0;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      await (await fetch(`${url}/healthz`)).arrayBuffer();
      max = Math.max(max, performance.now() - t0);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return max;
    },
  };
}
