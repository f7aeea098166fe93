/** A background loop that works through a backlog batch by batch: the outbox relay, the mail sender. */
export interface BatchLoop {
  /** Runs one batch now (after any batch already running); resolves with how many items it handled. */
  flush(): Promise<number>;
  /** Stops the loop, waking it from its pause, and waits for the batch in hand to finish. */
  stop(): Promise<void>;
}

/**
 * Runs `runBatch` again at once while it handles full batches, and otherwise every `pollMs`. Batches never
 * overlap, whether started by the loop or by flush(). A failed batch is reported and retried after the pause.
 */
export function startBatchLoop(options: {
  runBatch: () => Promise<number>;
  batchSize: number;
  pollMs: number;
  onError: (error: unknown) => void;
}): BatchLoop {
  let stopped = false;
  let running: Promise<number> | null = null;
  let wake: (() => void) | null = null;

  const flush = async (): Promise<number> => {
    while (running) await running.catch(() => undefined);
    running = options.runBatch();
    try {
      return await running;
    } finally {
      running = null;
    }
  };

  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.pollMs);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = async (): Promise<void> => {
    while (!stopped) {
      try {
        const count = await flush();
        if (count === options.batchSize) continue;
      } catch (error) {
        if (!stopped) options.onError(error);
      }
      if (!stopped) await pause();
    }
  };
  const looping = loop();

  return {
    flush,
    async stop() {
      stopped = true;
      wake?.();
      await looping;
    },
  };
}
