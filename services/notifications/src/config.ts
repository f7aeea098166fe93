import { z } from 'zod';
import { LOCAL_PORTS, loadServiceConfig, serviceConfigShape } from '@sh/shared/server';
import { BRAND } from '@sh/shared/contract';

/** An address inside a From header such as 'Service History <no-reply@example.co.uk>'. */
const MAIL_ADDRESS_PATTERN = /<?([^<>\s@]+@[^<>\s@]+\.?[^<>\s@]*)>?\s*$/;

export const configShape = serviceConfigShape('notifications', {
  SMTP_URL: z
    .string()
    .url()
    .refine((value) => /^smtps?:\/\//.test(value), 'must be an smtp:// or smtps:// URL'),
  MAIL_FROM: z
    .string()
    .regex(MAIL_ADDRESS_PATTERN, 'must hold an e-mail address, e.g. "Name <no-reply@example.co.uk>"'),
  PUBLIC_URL: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//.test(value), 'must be an http(s) URL')
    .transform((value) => value.replace(/\/+$/, '')),
  SUPPORT_EMAIL: z.email(),
  /** Where records listens: its vehicle report gives the MOT expiry a garage's reminders may be due from. */
  RECORDS_URL: z.string().url(),
  /** How often the scheduled job looks for service reminders due (docs/product.md#service-reminders). */
  REMINDER_SCAN_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(15 * 60_000),
});

export type NotificationsConfig = ReturnType<typeof readConfig>;

/** Reads the notifications service's configuration once; exits naming every bad variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadServiceConfig(
    'notifications',
    configShape,
    {
      SMTP_URL: `smtp://127.0.0.1:${LOCAL_PORTS.smtpCatcher}`,
      MAIL_FROM: `${BRAND.name} <no-reply@servicehistory.local>`,
      PUBLIC_URL: `http://localhost:${LOCAL_PORTS.gateway}`,
      SUPPORT_EMAIL: 'support@servicehistory.local',
      RECORDS_URL: `http://127.0.0.1:${LOCAL_PORTS.records}`,
    },
    env,
  );
}

/** The domain of the From address, used to mint Message-IDs. */
export function mailDomainOf(mailFrom: string): string {
  const address = MAIL_ADDRESS_PATTERN.exec(mailFrom)?.[1] ?? 'servicehistory.local';
  return address.slice(address.lastIndexOf('@') + 1);
}
