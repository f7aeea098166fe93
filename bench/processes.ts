/** What the benchmarks share: a service or server started as its own process, and a wait until it answers. */
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from '../scripts/stack.js';

/** Runs `script` with tsx in development mode on 127.0.0.1, quiet but for warnings, with `env` on top. */
export function launch(name: string, script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('exit', (code, signal) => {
    if (code !== 0 && signal === null) console.error(`${name} exited with ${code}`);
  });
  return child;
}

/** Waits until `url` answers 2xx, for at most `timeoutMs`. */
export async function waitUntilAnswering(url: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}
