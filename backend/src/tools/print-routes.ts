/**
 * Prints the route inventory as JSON (used by the role-matrix test):
 * node backend/dist/tools/print-routes.js
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../app.factory';
import { loadConfig } from '../config/env';
import { routeInventory } from '../modules/auth/route-inventory';

async function main(): Promise<void> {
  process.env.LOG_LEVEL = 'silent';
  const dir = mkdtempSync(join(tmpdir(), 'gw-routes-'));
  const app = await createApp(loadConfig({ SQLITE_PATH: join(dir, 'db.sqlite'), SESSION_SECRET: 'x', WEB_DIST_DIR: dir }));
  process.stdout.write(JSON.stringify(routeInventory(app), null, 1));
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
