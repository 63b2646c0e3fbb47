import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './test-app';

export type AccessLevel = 'public' | 'user' | 'admin' | 'root' | 'relay';
export interface RouteEntry {
  method: string;
  path: string;
  access: AccessLevel;
}

/** The routes the built gateway registers, with their declared access levels. */
export function registeredRoutes(): RouteEntry[] {
  const out = execFileSync(process.execPath, [join(REPO_ROOT, 'backend/dist/tools/print-routes.js')], {
    env: { ...process.env, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  return JSON.parse(out) as RouteEntry[];
}
