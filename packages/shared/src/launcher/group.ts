/**
 * A group of named children started together (a stack): each can be launched again when it crashes, as
 * docker-compose.yml's `restart: unless-stopped` does, killed and launched again on purpose (fault injection), and
 * every one stopped at the end.
 */
import type { ChildProcess } from 'node:child_process';
import { hasExited, launch, stopChild } from './child.js';

export interface ChildGroupOptions {
  /** Variables every child of the group gets (launch's `shared`). */
  shared: Record<string, string>;
  /** Where each child's lines go. */
  output: (name: string, line: string) => void;
  /**
   * A child that exits on its own (a crash) is launched again, 1 s later and up to 30 s while it keeps failing: on for
   * `npm start`; off where a test kills children itself.
   */
  relaunchOnCrash?: boolean;
}

export interface ChildGroup {
  /**
   * Launches `script` as `name` with `env`, and resolves once `untilUp` says it answers; the same is done again to
   * relaunch it.
   */
  start(
    name: string,
    script: string,
    env: Record<string, string>,
    untilUp: (child: ChildProcess) => Promise<void>,
  ): Promise<void>;
  /** SIGKILLs the child `name`, waits `downMs`, then starts it again and resolves once it answers as at start. */
  restart(name: string, downMs?: number): Promise<void>;
  /** SIGTERMs every child still running (SIGKILL after 12 s) and resolves once each has exited. */
  stop(): Promise<void>;
}

export function createChildGroup(options: ChildGroupOptions): ChildGroup {
  const children: { name: string; child: ChildProcess }[] = [];
  // How to launch each child again, and wait until it answers.
  const starters = new Map<string, () => Promise<void>>();
  /** Exits in a row of each child that did not stay up a minute, for the relaunch's growing wait. */
  const crashesInARow = new Map<string, number>();
  let isStopping = false;

  const relaunchAfterCrash = (name: string, child: ChildProcess) => {
    const startedAt = Date.now();
    child.once('exit', (code, signal) => {
      const entry = children.find((c) => c.child === child);
      // Stopping, or restart() took it out on purpose.
      if (isStopping || !entry) return;
      children.splice(children.indexOf(entry), 1);
      const inARow = Date.now() - startedAt >= 60_000 ? 1 : (crashesInARow.get(name) ?? 0) + 1;
      crashesInARow.set(name, inARow);
      const waitMs = Math.min(30_000, 1000 * 2 ** (inARow - 1));
      options.output(name, `exited on its own (${signal ?? `code ${code}`}); starting it again in ${waitMs / 1000} s`);
      setTimeout(() => {
        if (isStopping) return;
        starters
          .get(name)?.()
          .then(() => options.output(name, 'started again'))
          .catch((error: Error) => options.output(name, `did not start again: ${error.message}`));
      }, waitMs);
    });
  };

  return {
    start(name, script, env, untilUp) {
      const start = () => {
        const child = launch(name, script, {
          shared: options.shared,
          env,
          output: (line) => options.output(name, line),
        });
        children.push({ name, child });
        if (options.relaunchOnCrash) relaunchAfterCrash(name, child);
        return untilUp(child);
      };
      starters.set(name, start);
      return start();
    },
    async restart(name, downMs = 0) {
      const start = starters.get(name);
      if (!start) throw new Error(`no child named ${name}`);
      for (const entry of children.filter((c) => c.name === name)) {
        children.splice(children.indexOf(entry), 1);
        if (hasExited(entry.child)) continue;
        await new Promise<void>((resolve) => {
          entry.child.once('exit', () => resolve());
          entry.child.kill('SIGKILL');
        });
      }
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
    },
    async stop() {
      isStopping = true;
      const alive = children.filter(({ child }) => !hasExited(child)).reverse();
      await Promise.all(alive.map(({ child }) => stopChild(child)));
    },
  };
}
