import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '../config/env';
import { OptionService } from '../modules/option/option.service';
import { registerSecurityHeaders } from './security-headers';

/** Where each console bundle is served. The shell finds the remotes through /remotes.json at runtime. */
const BUNDLES = [
  { dir: 'frontend-shell', prefix: '/' },
  { dir: 'frontend-admin', prefix: '/remotes/admin/' },
  { dir: 'frontend-user', prefix: '/remotes/user/' },
] as const;

/** Content-hashed file names (name.0123abcd.js) may be cached for a year; entry files never. */
const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg|ico)$/;

export interface WebAssets {
  /** The shell's index.html for SPA fallback, or null when the console is not built. */
  indexHtml: string | null;
}

export async function registerWeb(app: NestFastifyApplication, config: AppConfig): Promise<WebAssets> {
  const root = config.webDistDir ? resolve(config.webDistDir) : resolve(__dirname, '../../..');
  const remotes = {
    admin: process.env.REMOTE_ADMIN_URL || '/remotes/admin/remoteEntry.js',
    user: process.env.REMOTE_USER_URL || '/remotes/user/remoteEntry.js',
  };
  const fastify = app.getHttpAdapter().getInstance();
  const options = app.get(OptionService);
  // Before the static plugins: their contexts inherit the hook.
  registerSecurityHeaders(fastify, { remoteUrls: Object.values(remotes) }, () => options.settings);
  let decorated = false;
  for (const bundle of BUNDLES) {
    const dist = join(root, bundle.dir, 'dist');
    if (!existsSync(dist)) continue;
    await app.register(fastifyStatic, {
      root: dist,
      prefix: bundle.prefix,
      wildcard: false,
      index: false,
      decorateReply: !decorated,
      setHeaders: (res, path) => {
        res.header('cache-control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    decorated = true;
  }
  fastify.get('/remotes.json', (_req, reply) => {
    void reply.header('cache-control', 'no-cache').send(remotes);
  });
  const index = join(root, 'frontend-shell', 'dist', 'index.html');
  return { indexHtml: existsSync(index) ? readFileSync(index, 'utf8') : null };
}
