import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';

/** Environment read once at boot, validated, and exposed as an immutable typed object. */
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');
const positiveInt = (def: number) => z.coerce.number().int().positive().default(def);
/** A switch that is on unless set to false/0 (new-api's *_ENABLE variables). */
const onUnlessOff = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v !== 'false' && v !== '0');

const schema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  SQL_DSN: z.string().default(''),
  LOG_SQL_DSN: z.string().default(''),
  SQLITE_PATH: z.string().default('./data/gateway.db'),
  SQLITE_BUSY_TIMEOUT: positiveInt(5000),
  REDIS_CONN_STRING: z.string().default(''),
  SESSION_SECRET: z.string().default(''),
  CRYPTO_SECRET: z.string().default(''),
  TRUSTED_PROXIES: z.string().default(''),
  SYNC_FREQUENCY: positiveInt(60),
  NODE_TYPE: z.enum(['master', 'slave']).default('master'),
  NODE_NAME: z.string().max(64).default(''),
  CHANNEL_TEST_FREQUENCY: z.coerce.number().min(0).default(0),
  QUOTA_REMIND_FREQUENCY: z.coerce.number().min(0).default(60),
  TASK_POLL_INTERVAL_MS: z.coerce.number().int().min(100).default(15_000),
  TASK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(3600),
  TZ: z.string().default(''),
  RELAY_TIMEOUT: z.coerce.number().int().min(0).default(0),
  STREAMING_TIMEOUT: positiveInt(300),
  RELAY_CONNECT_TIMEOUT: positiveInt(10),
  RELAY_FIRST_BYTE_TIMEOUT: z.coerce.number().int().min(0).default(0),
  MAX_REQUEST_BODY_MB: positiveInt(32),
  CRITICAL_RATE_LIMIT_ENABLE: onUnlessOff,
  CRITICAL_RATE_LIMIT: positiveInt(20),
  CRITICAL_ACCOUNT_RATE_LIMIT: positiveInt(10),
  CRITICAL_RATE_LIMIT_DURATION: positiveInt(1200),
  CRITICAL_ACCOUNT_BACKOFF: positiveInt(3600),
  GLOBAL_API_RATE_LIMIT_ENABLE: onUnlessOff,
  GLOBAL_API_RATE_LIMIT: positiveInt(180),
  GLOBAL_API_RATE_LIMIT_DURATION: positiveInt(180),
  GLOBAL_WEB_RATE_LIMIT_ENABLE: onUnlessOff,
  GLOBAL_WEB_RATE_LIMIT: positiveInt(60),
  GLOBAL_WEB_RATE_LIMIT_DURATION: positiveInt(180),
  BATCH_UPDATE_INTERVAL_MS: positiveInt(500),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  WEB_DIST_DIR: z.string().default(''),
  DB_LOGGING: bool,
  OUTBOUND_TEST_ALLOW: z.string().default(''),
  TURNSTILE_VERIFY_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  GITHUB_OAUTH_URL: z.url().default('https://github.com'),
  GITHUB_API_URL: z.url().default('https://api.github.com'),
  LINUXDO_OAUTH_URL: z.url().default('https://connect.linux.do'),
  METRICS_TOKEN: z.string().default(''),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
});

export interface AppConfig {
  readonly env: string;
  readonly production: boolean;
  readonly port: number;
  readonly database:
    | { readonly type: 'sqlite'; readonly path: string; readonly busyTimeoutMs: number }
    | { readonly type: 'mysql'; readonly url: string };
  /**
   * A MySQL/MariaDB database the usage and event logs move to (LOG_SQL_DSN); absent: they stay in the main
   * database. Rows are still written to the main database first (docs/logs.md, "A separate log database").
   */
  readonly logDatabase?: { readonly url: string };
  readonly dataDir: string;
  readonly redisUrl: string;
  readonly sessionSecret: string;
  readonly cryptoSecret: string;
  readonly trustedProxies: readonly string[];
  readonly syncFrequencySec: number;
  readonly isMaster: boolean;
  /**
   * Extra addresses the outbound client may reach (OUTBOUND_TEST_ALLOW, comma-separated IPs): for tests
   * whose receivers listen on loopback. Ignored in production (docs/security/options-and-outbound.md).
   */
  readonly outboundTestAllow: readonly string[];
  /** This process's name among the nodes (NODE_NAME, default the host name): it recovers only its own reservations. */
  readonly nodeName: string;
  /** Minutes between scheduled channel tests (master only); 0 = off (CHANNEL_TEST_FREQUENCY). */
  readonly channelTestFrequencyMin: number;
  /** Milliseconds between polls of unfinished asynchronous tasks (master only; docs/tasks.md). */
  readonly taskPollIntervalMs: number;
  /** Seconds after submission at which an unfinished task fails and is refunded. */
  readonly taskTimeoutSec: number;
  /** Minutes between quota-low reminder scans (master only); 0 = off. */
  readonly quotaRemindFrequencyMin: number;
  readonly relayTimeoutSec: number;
  /** Gap allowed between two stream events (and before the first byte unless set apart). */
  readonly streamingTimeoutSec: number;
  readonly relayConnectTimeoutSec: number;
  /** Wait for the upstream's response headers; 0 = STREAMING_TIMEOUT. RELAY_TIMEOUT bounds the whole request. */
  readonly relayFirstByteTimeoutSec: number;
  readonly maxRequestBodyBytes: number;
  /** Sign-in and registration throttles (docs/security/throttling.md). */
  readonly criticalRateLimit: CriticalRateLimit;
  /** Per client IP request budgets on /api and on console page loads. */
  readonly globalApiRateLimit: RequestBudget;
  readonly globalWebRateLimit: RequestBudget;
  readonly batchUpdateIntervalMs: number;
  /** On SIGTERM/SIGINT: how long requests in flight may finish before streams are cut (docs/security/shutdown.md). */
  readonly shutdownDrainSec: number;
  readonly webDistDir: string;
  readonly dbLogging: boolean;
  /** Where Turnstile tokens are verified (TURNSTILE_VERIFY_URL; tests point it at a stand-in): docs/identity/human-check.md. */
  readonly turnstileVerifyUrl: string;
  /**
   * Where GitHub and LinuxDO sign-in go (GITHUB_OAUTH_URL, GITHUB_API_URL, LINUXDO_OAUTH_URL): the real
   * services unless tests point them at stand-ins (docs/identity/third-party-sign-in.md). No trailing slash.
   */
  readonly oauthUrls: { readonly github: string; readonly githubApi: string; readonly linuxdo: string };
  /**
   * Prometheus /metrics (docs/observability.md): on the main port behind a bearer token (METRICS_TOKEN),
   * and/or without a token on its own port (METRICS_PORT; 0 = none). Neither set: no /metrics.
   */
  readonly metrics: { readonly token: string; readonly port: number };
}

export interface RequestBudget {
  readonly enabled: boolean;
  readonly limit: number;
  readonly ttlMs: number;
}

export interface CriticalRateLimit {
  readonly enabled: boolean;
  /** Attempts per client IP (any account) in the window. */
  readonly ipLimit: number;
  /** Attempts per account from one IP; per account from all IPs while the human check is on. */
  readonly accountLimit: number;
  readonly ttlMs: number;
  /** How long an account stays behind the human check once its cross-IP limit is spent. */
  readonly accountBackoffMs: number;
}

export class ConfigError extends Error {}

/** Parses an environment (process.env by default). Throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const sqlitePath = resolve(e.SQLITE_PATH);
  const dataDir = dirname(sqlitePath);
  const sessionSecret = e.SESSION_SECRET || persistedSecret(dataDir);
  return Object.freeze({
    env: e.NODE_ENV,
    production: e.NODE_ENV === 'production',
    port: e.PORT,
    database: e.SQL_DSN
      ? { type: 'mysql' as const, url: mysqlUrl(e.SQL_DSN) }
      : { type: 'sqlite' as const, path: sqlitePath, busyTimeoutMs: e.SQLITE_BUSY_TIMEOUT },
    logDatabase: e.LOG_SQL_DSN ? { url: mysqlUrl(e.LOG_SQL_DSN, 'LOG_SQL_DSN') } : undefined,
    dataDir,
    redisUrl: e.REDIS_CONN_STRING,
    sessionSecret,
    cryptoSecret: e.CRYPTO_SECRET || sessionSecret,
    trustedProxies: e.TRUSTED_PROXIES.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    syncFrequencySec: e.SYNC_FREQUENCY,
    isMaster: e.NODE_TYPE === 'master',
    outboundTestAllow:
      e.NODE_ENV === 'production'
        ? []
        : e.OUTBOUND_TEST_ALLOW.split(',')
            .map((s) => s.trim())
            .filter(Boolean),
    nodeName: e.NODE_NAME || hostname().slice(0, 64),
    channelTestFrequencyMin: e.CHANNEL_TEST_FREQUENCY,
    taskPollIntervalMs: e.TASK_POLL_INTERVAL_MS,
    taskTimeoutSec: e.TASK_TIMEOUT_SECONDS,
    quotaRemindFrequencyMin: e.QUOTA_REMIND_FREQUENCY,
    relayTimeoutSec: e.RELAY_TIMEOUT,
    streamingTimeoutSec: e.STREAMING_TIMEOUT,
    relayConnectTimeoutSec: e.RELAY_CONNECT_TIMEOUT,
    relayFirstByteTimeoutSec: e.RELAY_FIRST_BYTE_TIMEOUT || e.STREAMING_TIMEOUT,
    maxRequestBodyBytes: e.MAX_REQUEST_BODY_MB * 1024 * 1024,
    oauthUrls: {
      github: e.GITHUB_OAUTH_URL.replace(/\/+$/, ''),
      githubApi: e.GITHUB_API_URL.replace(/\/+$/, ''),
      linuxdo: e.LINUXDO_OAUTH_URL.replace(/\/+$/, ''),
    },
    criticalRateLimit: {
      enabled: e.CRITICAL_RATE_LIMIT_ENABLE,
      ipLimit: e.CRITICAL_RATE_LIMIT,
      accountLimit: e.CRITICAL_ACCOUNT_RATE_LIMIT,
      ttlMs: e.CRITICAL_RATE_LIMIT_DURATION * 1000,
      accountBackoffMs: e.CRITICAL_ACCOUNT_BACKOFF * 1000,
    },
    globalApiRateLimit: {
      enabled: e.GLOBAL_API_RATE_LIMIT_ENABLE,
      limit: e.GLOBAL_API_RATE_LIMIT,
      ttlMs: e.GLOBAL_API_RATE_LIMIT_DURATION * 1000,
    },
    globalWebRateLimit: {
      enabled: e.GLOBAL_WEB_RATE_LIMIT_ENABLE,
      limit: e.GLOBAL_WEB_RATE_LIMIT,
      ttlMs: e.GLOBAL_WEB_RATE_LIMIT_DURATION * 1000,
    },
    batchUpdateIntervalMs: e.BATCH_UPDATE_INTERVAL_MS,
    shutdownDrainSec: e.SHUTDOWN_DRAIN_SECONDS,
    webDistDir: e.WEB_DIST_DIR,
    dbLogging: e.DB_LOGGING,
    turnstileVerifyUrl: e.TURNSTILE_VERIFY_URL,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
  });
}

/**
 * Accepts both the Go-style DSN operators already have (`user:pass@tcp(host:3306)/db?parseTime=true`)
 * and a mysql:// URL.
 */
export function mysqlUrl(dsn: string, variable = 'SQL_DSN'): string {
  if (/^mysql:\/\//.test(dsn)) return dsn;
  // Go DSN: [user[:password]@][net[(addr)]]/dbname[?params]; the password may itself contain '@'.
  const path = dsn.split('?')[0];
  const slash = path.lastIndexOf('/');
  if (slash < 0) throw new ConfigError(`Invalid environment:\n  ${variable}: not a MySQL DSN`);
  const db = path.slice(slash + 1);
  const left = path.slice(0, slash);
  const at = left.lastIndexOf('@');
  const creds = at >= 0 ? left.slice(0, at) : 'root';
  const addr = (at >= 0 ? left.slice(at + 1) : left).replace(/^\w+\((.*)\)$/, '$1') || '127.0.0.1:3306';
  const colon = creds.indexOf(':');
  const user = colon >= 0 ? creds.slice(0, colon) : creds;
  const pass = colon >= 0 ? creds.slice(colon + 1) : '';
  const auth = pass ? `${encodeURIComponent(user)}:${encodeURIComponent(pass)}` : encodeURIComponent(user || 'root');
  return `mysql://${auth}@${addr}/${db}`;
}

/** A SESSION_SECRET generated once and kept in the data directory, so sessions survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, '.session_secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw err;
  }
  return secret;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
