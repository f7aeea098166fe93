import { createLogger, exitWithParent, LOCAL_PORTS } from '@sh/shared/server';
import { LOCAL_WEBHOOK_SECRET, startStripeDouble } from './index.js';

/**
 * The local Stripe double as a process: `npx tsx doubles/src/stripe/main.ts`. Listens on 4010 unless
 * STRIPE_DOUBLE_PORT (or PORT) says otherwise; sends webhooks to the gateway's billing route unless
 * STRIPE_DOUBLE_WEBHOOK_URL names another, signed with STRIPE_WEBHOOK_SECRET (default whsec_local_double).
 * STRIPE_DOUBLE_STATE_FILE keeps its state in that JSON file across restarts (unset: memory only);
 * STRIPE_DOUBLE_SEED_FILE (data/seed/garages.json) gives each demo garage its seeded subscription.
 */
const logger = createLogger('stripe-double', process.env.LOG_LEVEL || 'info');

function portFrom(value: string | undefined): number {
  if (!value) return LOCAL_PORTS.stripeDouble;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`[stripe-double] not a port: ${value}\n`);
    process.exit(1);
  }
  return port;
}

const double = await startStripeDouble({
  port: portFrom(process.env.STRIPE_DOUBLE_PORT || process.env.PORT),
  host: process.env.STRIPE_DOUBLE_HOST || '127.0.0.1',
  webhookUrl: process.env.STRIPE_DOUBLE_WEBHOOK_URL || `http://127.0.0.1:${LOCAL_PORTS.gateway}/api/v1/stripe/webhook`,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || LOCAL_WEBHOOK_SECRET,
  publicUrl: process.env.STRIPE_DOUBLE_PUBLIC_URL || undefined,
  stateFile: process.env.STRIPE_DOUBLE_STATE_FILE || null,
  seedFile: process.env.STRIPE_DOUBLE_SEED_FILE || null,
  log: (message, details) => logger.info(details, message),
}).catch((error: unknown) => {
  process.stderr.write(`[stripe-double] cannot start: ${(error as Error).message}\n`);
  process.exit(1);
});
logger.info({ url: double.url, webhookUrl: double.webhooks.currentUrl() }, 'local Stripe double listening');

let isStopping = false;
const stop = (signal: string) => {
  if (isStopping) return;
  isStopping = true;
  logger.info({ signal }, 'local Stripe double shutting down');
  const timer = setTimeout(() => process.exit(1), 5000);
  timer.unref();
  void double.close().then(() => process.exit(0));
};
process.once('SIGTERM', () => stop('SIGTERM'));
process.once('SIGINT', () => stop('SIGINT'));
exitWithParent(() => stop('parent exited'));
