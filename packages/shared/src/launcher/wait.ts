/** Waiting until a launched child answers: its port open, its /readyz ready, or any URL answering 2xx. */
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `port` on 127.0.0.1 takes connections; throws if `child` exits first or after `timeoutMs`. */
export async function waitForPort(port: number, child: ChildProcess, name: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} while starting`);
    const isOpen = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (isOpen) return;
    await pause(150);
  }
  throw new Error(`${name} did not open port ${port} within ${timeoutMs / 1000} s`);
}

/** Resolves once `url`/readyz answers 2xx; throws if `child` exits first or after `timeoutMs`. */
export async function waitForReady(url: string, name: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} while starting`);
    const isReady = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (isReady) return;
    await pause(150);
  }
  throw new Error(`${name} was not ready at ${url} within ${timeoutMs / 1000} s`);
}

/** Waits until `url` answers 2xx, for at most `timeoutMs`. */
export async function waitUntilAnswering(url: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await pause(200);
  }
  throw new Error(`${url} did not answer`);
}
