// Small helpers shared by start.mjs and test.mjs.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGES, hasSources, isStale, markBuilt } from './build-state.mjs';

export const ROOT = new URL('..', import.meta.url).pathname;

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  return res.status ?? 1;
}

export function mustRun(cmd, args, opts) {
  const code = run(cmd, args, opts);
  if (code !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} failed (exit ${code})`);
    process.exit(code);
  }
}

/** Installs dependencies on a fresh checkout. */
export function ensureInstalled() {
  if (existsSync(join(ROOT, 'node_modules', '.package-lock.json'))) return;
  console.log('▶ installing dependencies (npm ci)…');
  // npm ci refuses a lock lacking optional packages for other platforms, which a registry without
  // them cannot record; installing from the lock with npm install then gives the same tree.
  if (run('npm', ['ci', '--no-audit', '--no-fund']) !== 0) mustRun('npm', ['install', '--no-audit', '--no-fund']);
}

/** Builds every package whose sources changed since its last build (or all with force). */
export function buildStale({ force = false, web = true } = {}) {
  for (const [pkg, sources] of PACKAGES) {
    if (!hasSources(join(ROOT, pkg))) continue;
    if (!web && pkg.startsWith('frontend-')) continue;
    if (!force && !isStale(ROOT, pkg, sources)) continue;
    console.log(`▶ building ${pkg}…`);
    mustRun('npm', ['run', 'build', '-w', pkg, '--silent']);
    markBuilt(ROOT, pkg);
  }
}
