// Decides what needs building: a package is stale when any source file is newer than its build stamp.
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SKIP = new Set(['node_modules', 'dist', '.git', 'coverage']);

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Packages in build order: [workspace, source dirs that affect it]. */
export const PACKAGES = [
  ['libs/shared', ['libs/shared']],
  ['backend', ['backend', 'libs/shared']],
  ['frontend-admin', ['frontend-admin', 'libs']],
  ['frontend-user', ['frontend-user', 'libs']],
  ['frontend-shell', ['frontend-shell', 'libs']],
];

export function hasSources(pkg) {
  return existsSync(join(pkg, 'src'));
}

export function isStale(root, pkg, sources) {
  const stamp = join(root, pkg, 'dist', '.build-stamp');
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return sources.some((s) => newestMtime(join(root, s)) > built);
}

export function markBuilt(root, pkg) {
  writeFileSync(join(root, pkg, 'dist', '.build-stamp'), new Date().toISOString());
}
