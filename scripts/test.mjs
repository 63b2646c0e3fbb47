// `npm test`: lint, then every test tier. Unit; API and money on SQLite; API and money on MariaDB; browser tests on
// the built console.
// Set SKIP_MYSQL=1 or SKIP_E2E=1 to leave a tier out locally (CI runs all of them).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, buildStale, ensureInstalled, run } from './run.mjs';

const ci = process.env.CI === 'true';

function reachable(port) {
  return new Promise((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port }, () => (s.end(), resolve(true)));
    s.on('error', () => resolve(false));
    s.setTimeout(2000, () => (s.destroy(), resolve(false)));
  });
}

ensureInstalled();
buildStale();

const tiers = [
  { name: 'unit', args: ['--selectProjects', 'unit'] },
  { name: 'api (SQLite)', args: ['--selectProjects', 'api', '--maxWorkers=2'], env: { TEST_DB: 'sqlite' } },
  { name: 'money (SQLite)', args: ['--selectProjects', 'money', '--runInBand'], env: { TEST_DB: 'sqlite' } },
];
if (process.env.SKIP_MYSQL !== '1') {
  if (!(await reachable(3306)) && !ci) console.warn('⚠ MariaDB is not reachable on 127.0.0.1:3306: skipping the MariaDB API and money runs');
  else
    tiers.push(
      { name: 'api (MariaDB)', args: ['--selectProjects', 'api', '--maxWorkers=2'], env: { TEST_DB: 'mysql' } },
      { name: 'money (MariaDB)', args: ['--selectProjects', 'money', '--runInBand'], env: { TEST_DB: 'mysql' } },
    );
}
if (process.env.SKIP_E2E !== '1' && existsSync(join(ROOT, 'test/e2e'))) {
  if (!existsSync('/usr/bin/chromium') && !ci) console.warn('⚠ /usr/bin/chromium missing (apt-get install -y chromium): skipping browser tests');
  else tiers.push({ name: 'e2e (browser)', args: ['--selectProjects', 'e2e', '--runInBand', '--passWithNoTests'] });
}

let passed = 0;
let failed = 0;
const failures = [];
console.log('\n▶ lint');
if (run('npx', ['eslint', '.', '--max-warnings=0']) !== 0) failures.push('lint');
// The suites run through swc, which strips types without checking them: check them here.
if (run('npx', ['tsc', '-p', 'test']) !== 0) failures.push('typecheck (tests)');
for (const tier of tiers) {
  console.log(`\n▶ ${tier.name}`);
  const out = join(tmpdir(), `gw-jest-${process.pid}-${tiers.indexOf(tier)}.json`);
  const code = run('npx', ['jest', ...tier.args, '--json', `--outputFile=${out}`], { env: { ...process.env, ...tier.env } });
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    rmSync(out);
  }
  if (code !== 0) failures.push(tier.name);
}
console.log(`\n${passed} passed, ${failed} failed`);
if (failures.length) {
  console.error(`✗ failing tiers: ${failures.join(', ')}`);
  process.exit(1);
}
