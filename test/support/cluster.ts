/**
 * A cluster for multi-node tests: a private Redis (RedisServerProcess, a `redis-server` child process
 * on a free port that the test may stop and start again on the same port) and several gateway
 * processes on one database, the first a master (startApp) and the others slaves (startNode), all
 * pointed at that Redis. The shared Redis on 6379 is never touched. docs/cluster-test.md describes it.
 */
import { RedisServerProcess } from '../../backend/src/testing/redis-server';
import { parseSamples, sampleSum } from './prometheus-text';
import { startApp, startNode, waitReady, type TestApp } from './test-app';

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
    readonly redis: RedisServerProcess,
    readonly nodes: TestApp[],
  ) {}

  static async start(o: ClusterOptions = {}): Promise<Cluster> {
    const redis = await RedisServerProcess.launch();
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
    await this.redis.stop();
  }
}
