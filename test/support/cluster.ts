/**
 * A cluster for multi-node tests: a private Redis (a `redis-server` child process on a free port, which
 * the test may stop and start again on the same port) and several gateway processes on one database,
 * the first a master (startApp) and the others slaves (startNode), all pointed at that Redis. The
 * shared Redis on 6379 is never touched. docs/cluster-test.md describes it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { parseSamples, sampleSum } from './prometheus-text';
import { startApp, startNode, waitReady, type TestApp } from './test-app';

/** A port nobody listens on right now (the kernel's choice; released before it is returned). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/** A throw-away redis-server without persistence; stop() and start() keep its port (an outage and a return). */
export class RedisServer {
  private child?: ChildProcess;
  private out = '';

  private constructor(readonly port: number) {}

  static async start(): Promise<RedisServer> {
    const redis = new RedisServer(await freePort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  /** Starts the server (again) on its port and waits until it accepts connections. */
  async start(): Promise<void> {
    if (this.child) return;
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.out = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${this.out}`)), 15_000);
      const onData = (d: Buffer) => {
        this.out += d.toString();
        if (/Ready to accept connections/.test(this.out)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        if (this.child === child) this.child = undefined;
        reject(new Error(`redis-server exited with ${code}:\n${this.out}`));
      });
    });
  }

  /** Stops the server (SIGKILL: gone at once, as in a crash; SIGTERM: a clean shutdown) and waits for its exit. */
  async stop(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    }
  }
}

export interface ClusterOptions {
  /** Number of gateway processes (default 3): one master and the rest slaves. */
  nodes?: number;
  /** Environment of every node (NODE_TYPE, NODE_NAME and REDIS_CONN_STRING are set per node). */
  env?: Record<string, string>;
  /** Runs against the master before the slaves start (setup, channels, options every node reads at boot). */
  prepare?: (master: TestApp) => Promise<void>;
}

/** The bearer token every cluster node accepts on /metrics. */
export const CLUSTER_METRICS_TOKEN = 'cluster-metrics-token';

/**
 * Gateway nodes sharing one database and one private Redis. `nodes[0]` is the master; every node has
 * its own NODE_NAME (`cluster-node-<n>`, n from 1), as reservations are recovered per node name.
 */
export class Cluster {
  private constructor(
    readonly redis: RedisServer,
    readonly nodes: TestApp[],
  ) {}

  static async start(o: ClusterOptions = {}): Promise<Cluster> {
    const redis = await RedisServer.start();
    const cluster = new Cluster(redis, []);
    try {
      const env = (n: number, type: 'master' | 'slave') => ({
        ...o.env,
        METRICS_TOKEN: CLUSTER_METRICS_TOKEN,
        REDIS_CONN_STRING: redis.url,
        NODE_TYPE: type,
        NODE_NAME: Cluster.nodeName(n),
      });
      const master = await startApp(env(0, 'master'));
      cluster.nodes.push(master);
      await o.prepare?.(master);
      const count = o.nodes ?? 3;
      const slaves = await Promise.allSettled(
        Array.from({ length: count - 1 }, (_, i) => startNode(master, env(i + 1, 'slave'))),
      );
      for (const s of slaves) if (s.status === 'fulfilled') cluster.nodes.push(s.value);
      const failed = slaves.find((s): s is PromiseRejectedResult => s.status === 'rejected');
      if (failed) throw failed.reason;
      await Promise.all(cluster.nodes.map((n) => waitReady(n)));
      return cluster;
    } catch (err) {
      await cluster.close();
      throw err;
    }
  }

  /** The NODE_NAME of `nodes[i]`. */
  static nodeName(i: number): string {
    return `cluster-node-${i + 1}`;
  }

  /** Kills node `i` with SIGKILL and waits for its exit; restart(i) brings it back. */
  async kill(i: number): Promise<void> {
    const child = this.nodes[i].process;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  /**
   * Restarts node `i` on the same database with the same environment (SIGTERM unless it is already
   * down) and waits until it is ready: boot recovery of its reservations is done by then.
   */
  async restart(i: number, signal: NodeJS.Signals = 'SIGTERM'): Promise<TestApp> {
    this.nodes[i] = await this.nodes[i].restart(signal);
    await waitReady(this.nodes[i]);
    return this.nodes[i];
  }

  /** Whether node `i` reports a working Redis connection (gateway_redis_up). */
  async redisUp(i: number): Promise<boolean> {
    const res = await fetch(`${this.nodes[i].url}/metrics`, {
      headers: { authorization: `Bearer ${CLUSTER_METRICS_TOKEN}` },
    });
    if (res.status !== 200) throw new Error(`/metrics of node ${i + 1}: ${res.status}`);
    return sampleSum(parseSamples(await res.text()), 'gateway_redis_up') === 1;
  }

  /** Waits until every node reports `up` for Redis, or throws after `timeoutMs`. */
  async waitRedis(up: boolean, timeoutMs = 20_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const states = await Promise.all(this.nodes.map((_, i) => this.redisUp(i)));
      if (states.every((s) => s === up)) return;
      if (Date.now() > until) throw new Error(`gateway_redis_up per node: ${states.map(Number).join(', ')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Stops every node (the master last: it drops the database) and the Redis, even after a failure. */
  async close(): Promise<void> {
    const [master, ...slaves] = this.nodes;
    await Promise.allSettled(slaves.map((n) => n.close()));
    if (master) await master.close().catch(() => undefined);
    await this.redis.stop('SIGTERM');
  }
}
