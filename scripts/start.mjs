// `npm start`: install if needed, build what is missing or stale, then run the gateway with its console.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, buildStale, ensureInstalled } from './run.mjs';

ensureInstalled();
buildStale();
const child = spawn(process.execPath, [join(ROOT, 'backend/dist/main.js')], { stdio: 'inherit', cwd: ROOT });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
