import { createServer, type RequestListener, type Server } from 'node:http';
import type { Logger } from 'pino';

export interface RunningService {
  server: Server;
  port: number;
  stop(): Promise<void>;
}

/** How long a shutdown may take before it is cut off (a deployment's grace period must be longer: docs/deployment.md). */
export const SHUTDOWN_CUTOFF_MS = 10_000;

/**
 * Listens, and on SIGTERM or SIGINT stops accepting, lets in-flight requests finish, then runs the close
 * hooks in order (workers, relay, pools, Redis). A shutdown that hangs is cut off after SHUTDOWN_CUTOFF_MS.
 */
export async function runService(options: {
  name: string;
  /** The express app, or a listener with a fast path in front of one (the gateway's public lookup). */
  app: RequestListener;
  host: string;
  port: number;
  logger: Logger;
  onClose?: Array<() => Promise<unknown> | unknown>;
  handleSignals?: boolean;
}): Promise<RunningService> {
  const { app, logger } = options;
  const server = await new Promise<Server>((resolve, reject) => {
    const s = createServer(app).listen(options.port, options.host, () => resolve(s));
    s.once('error', reject);
  });
  server.keepAliveTimeout = 65_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  logger.info({ host: options.host, port }, `${options.name} listening`);

  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      logger.info(`${options.name} shutting down`);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      for (const close of options.onClose ?? []) {
        try {
          await close();
        } catch (error) {
          logger.warn({ err: error }, 'error while closing');
        }
      }
    })();
    return stopping;
  };

  if (options.handleSignals !== false) {
    const onSignal = (signal: string) => {
      const timer = setTimeout(() => {
        logger.error('shutdown took too long; exiting');
        process.exit(1);
      }, SHUTDOWN_CUTOFF_MS);
      timer.unref();
      logger.info({ signal }, 'signal received');
      void stop().then(() => process.exit(0));
    };
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
    exitWithParent(() => onSignal('parent exited'));
  }
  return { server, port, stop };
}

/**
 * When a launcher (npm start, the test stack) started this process with an IPC channel, the channel closes
 * if the launcher dies, however it dies; then this process shuts down instead of lingering on its port.
 */
export function exitWithParent(shutdown: () => void): void {
  if (!process.send) return;
  process.once('disconnect', shutdown);
}
