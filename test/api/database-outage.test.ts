import { createServer, connect, type Server, type Socket } from 'node:net';
import { createConnection } from 'mysql2/promise';
import { ApiClient } from '../support/api-client';
import { setupRoot } from '../support/fixtures';
import { startApp, TEST_DB, type TestApp } from '../support/test-app';

/** A TCP proxy to MariaDB that the test can cut (existing and new connections dropped) and restore. */
class CuttableProxy {
  private server?: Server;
  private sockets = new Set<Socket>();
  private down = false;
  port = 0;

  async open(): Promise<void> {
    this.server = createServer((client) => {
      if (this.down) return void client.destroy();
      const upstream = connect(3306, '127.0.0.1');
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.port = (this.server!.address() as { port: number }).port;
  }

  cut(): void {
    this.down = true;
    for (const s of this.sockets) s.destroy();
  }

  restore(): void {
    this.down = false;
  }

  close(): void {
    this.cut();
    this.server?.close();
  }
}

const mysqlOnly = TEST_DB === 'mysql' ? describe : describe.skip;

mysqlOnly('database outage', () => {
  let t: TestApp;
  const proxy = new CuttableProxy();
  const dbName = `gw_outage_${process.pid}`;

  beforeAll(async () => {
    const c = await createConnection('mysql://root@127.0.0.1:3306');
    await c.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
    await c.query(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4`);
    await c.end();
    await proxy.open();
    t = await startApp({ SQL_DSN: `mysql://root@127.0.0.1:${proxy.port}/${dbName}` });
  });
  afterAll(async () => {
    await t.close();
    proxy.close();
    const c = await createConnection('mysql://root@127.0.0.1:3306');
    await c.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
    await c.end();
  });

  it('answers 503 (never 401/403) while the database is unreachable, and recovers', async () => {
    const root = await setupRoot(t.url);
    expect((await root.get('/api/user/self')).status).toBe(200);

    proxy.cut();
    const during = await root.get('/api/user/self', { 'accept-language': 'en' });
    expect(during.status).toBe(503);
    expect(during.body).toEqual({ success: false, data: null, message: 'Database unavailable, please retry later' });
    expect((await new ApiClient(t.url).get('/readyz')).status).toBe(503);
    expect((await new ApiClient(t.url).get('/healthz')).status).toBe(200);
    const login = await new ApiClient(t.url).post('/api/user/login', { username: 'root', password: 'root-pass-1' });
    expect(login.status).toBe(503);

    proxy.restore();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await root.get('/api/user/self')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
    expect((await new ApiClient(t.url).get('/readyz')).status).toBe(200);
  });
});
