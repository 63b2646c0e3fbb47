import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, mysqlUrl } from './env';

describe('environment', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gw-env-'));
  const base = { SQLITE_PATH: join(dir, 'gw.db') };

  it('defaults to SQLite on port 3000 and keeps a generated session secret across boots', () => {
    const a = loadConfig(base);
    expect(a.port).toBe(3000);
    expect(a.database).toMatchObject({ type: 'sqlite', path: join(dir, 'gw.db') });
    expect(a.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig(base).sessionSecret).toBe(a.sessionSecret);
    expect(a.cryptoSecret).toBe(a.sessionSecret);
  });

  it('reads operator variables', () => {
    const c = loadConfig({
      ...base,
      PORT: '8080',
      SQL_DSN: 'gw:p@ss@tcp(db:3306)/oneapi?parseTime=true',
      TRUSTED_PROXIES: '10.0.0.1, 10.0.0.0/8',
      NODE_TYPE: 'slave',
      SYNC_FREQUENCY: '30',
      SESSION_SECRET: 's',
      CRYPTO_SECRET: 'c',
    });
    expect(c).toMatchObject({
      port: 8080,
      isMaster: false,
      syncFrequencySec: 30,
      sessionSecret: 's',
      cryptoSecret: 'c',
      trustedProxies: ['10.0.0.1', '10.0.0.0/8'],
    });
    expect(c.database).toEqual({ type: 'mysql', url: 'mysql://gw:p%40ss@db:3306/oneapi' });
  });

  it('reads the rate limits: new-api names and defaults, each switch on unless set to false', () => {
    const d = loadConfig(base);
    expect(d.criticalRateLimit).toEqual({
      enabled: true,
      ipLimit: 20,
      accountLimit: 10,
      ttlMs: 1_200_000,
      accountBackoffMs: 3_600_000,
    });
    expect(d.globalApiRateLimit).toEqual({ enabled: true, limit: 180, ttlMs: 180_000 });
    expect(d.globalWebRateLimit).toEqual({ enabled: true, limit: 60, ttlMs: 180_000 });
    const c = loadConfig({
      ...base,
      GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
      GLOBAL_WEB_RATE_LIMIT_DURATION: '60',
      CRITICAL_RATE_LIMIT_ENABLE: '0',
    });
    expect(c.globalApiRateLimit.enabled).toBe(false);
    expect(c.globalWebRateLimit).toEqual({ enabled: true, limit: 60, ttlMs: 60_000 });
    expect(c.criticalRateLimit.enabled).toBe(false);
  });

  it('reads LOG_SQL_DSN in the forms SQL_DSN takes (absent: logs stay in the main database)', () => {
    expect(loadConfig(base).logDatabase).toBeUndefined();
    expect(loadConfig({ ...base, LOG_SQL_DSN: 'gw:pw@tcp(logs:3306)/gw_logs' }).logDatabase).toEqual({
      url: 'mysql://gw:pw@logs:3306/gw_logs',
    });
    expect(() => loadConfig({ ...base, LOG_SQL_DSN: 'nonsense' })).toThrow(/LOG_SQL_DSN: not a MySQL DSN/);
  });

  it('bounds the shutdown drain (SHUTDOWN_DRAIN_SECONDS, default 15)', () => {
    expect(loadConfig(base).shutdownDrainSec).toBe(15);
    expect(loadConfig({ ...base, SHUTDOWN_DRAIN_SECONDS: '0' }).shutdownDrainSec).toBe(0);
    expect(() => loadConfig({ ...base, SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
  });

  it('fails fast naming every bad variable', () => {
    expect(() => loadConfig({ ...base, PORT: 'abc', NODE_TYPE: 'leader' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PORT: 'abc', NODE_TYPE: 'leader' })).toThrow(/PORT[\s\S]*NODE_TYPE/);
  });

  it.each([
    ['root@tcp(127.0.0.1:3306)/test', 'mysql://root@127.0.0.1:3306/test'],
    ['mysql://u:p@h:1/d', 'mysql://u:p@h:1/d'],
    ['u:p@/d', 'mysql://u:p@127.0.0.1:3306/d'],
  ])('mysqlUrl(%s) = %s', (dsn, url) => expect(mysqlUrl(dsn)).toBe(url));
});
