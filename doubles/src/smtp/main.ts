/**
 * Runs the SMTP catcher on its own: `npx tsx doubles/src/smtp/main.ts`. SMTP on 1025 and the web inbox on
 * 8025 unless SMTP_PORT / INBOX_PORT say otherwise; HOST (default 127.0.0.1) is where both listen.
 */
import { exitWithParent, LOCAL_PORTS } from '@sh/shared/server';
import { startSmtpCatcher } from './catcher.js';

function portFrom(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`[smtp-catcher] ${name}: not a port: ${value}\n`);
    process.exit(1);
  }
  return port;
}

const catcher = await startSmtpCatcher({
  smtpPort: portFrom('SMTP_PORT', LOCAL_PORTS.smtpCatcher),
  webPort: portFrom('INBOX_PORT', LOCAL_PORTS.smtpInbox),
  host: process.env.HOST || '127.0.0.1',
});
process.stdout.write(`[smtp-catcher] SMTP on ${catcher.smtpUrl}; inbox at ${catcher.webUrl}\n`);

let isStopping = false;
const stop = (why: string) => {
  if (isStopping) return;
  isStopping = true;
  process.stdout.write(`[smtp-catcher] ${why}; stopping\n`);
  const timer = setTimeout(() => process.exit(1), 5000);
  timer.unref();
  void catcher.close().then(() => process.exit(0));
};
process.once('SIGTERM', () => stop('SIGTERM received'));
process.once('SIGINT', () => stop('SIGINT received'));
exitWithParent(() => stop('launcher exited'));
