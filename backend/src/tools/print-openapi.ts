/**
 * Writes the OpenAPI document the gateway serves at /api/openapi.json (docs/api-reference.md):
 * node backend/dist/tools/print-openapi.js [file]   (stdout without a file; `npm run openapi`)
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../app.factory';
import { loadConfig } from '../config/env';
import { OpenApiService } from '../modules/openapi/openapi.service';

async function main(): Promise<void> {
  process.env.LOG_LEVEL = 'silent';
  const dir = mkdtempSync(join(tmpdir(), 'gw-openapi-'));
  const app = await createApp(
    loadConfig({ SQLITE_PATH: join(dir, 'db.sqlite'), SESSION_SECRET: 'x', WEB_DIST_DIR: dir }),
  );
  const json = app.get(OpenApiService).documentJson;
  const [file] = process.argv.slice(2);
  if (file) writeFileSync(file, json);
  else process.stdout.write(json);
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
