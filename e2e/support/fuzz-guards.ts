/**
 * The public operations that do write when their input is valid, and the inputs the fuzz test therefore never
 * sends them: every other input must leave every table as it was. The rest need a secret the generators never
 * have: refresh, logout, reset-password, confirm-email and undo-email-change a live single-use token (256 random
 * bits, only ever mailed or answered to its owner); the Stripe webhook a signature made with the webhook secret
 * over this very body within the last five minutes (the generators sign only with other secrets, old timestamps
 * or other bodies); POST /garages' shortcut a company token signed by garages' own secret.
 */
import { normaliseCompanyNumber, OPERATIONS } from '@sh/shared/contract';
import type { FuzzCase } from './fuzz-inputs.js';

export interface GuardData {
  /** E-mails that have an account now. */
  knownEmails: Set<string>;
  /** The passwords of the demo accounts and of the accounts the journeys create. */
  knownPasswords: Set<string>;
  /** Company numbers the Companies House fake knows. */
  fixtureCompanyNumbers: Set<string>;
}

const schemaOf = (name: string) => {
  const [method, path] = name.split(' ');
  const op = OPERATIONS.find((o) => o.method.toUpperCase() === method && o.path === path);
  if (!op?.body) throw new Error(`${name} has no body schema`);
  return op.body;
};

/** Operation -> true for an input that could write (the generator drops it), with the reason. */
export const WRITE_GUARDS: Record<string, { why: string; couldWrite: (value: unknown, data: GuardData) => boolean }> = {
  'POST /contact': {
    why: 'a valid message is stored and mailed to support: no body the schema accepts is sent',
    couldWrite: (value) => schemaOf('POST /contact').safeParse(value).success,
  },
  'POST /contact/garage': {
    why: 'a valid callback request is stored and mailed: no body the schema accepts is sent',
    couldWrite: (value) => schemaOf('POST /contact/garage').safeParse(value).success,
  },
  'POST /garages': {
    why: "a valid signup for a company Companies House knows creates a user and a garage: no schema-valid body names one of the fake's companies",
    couldWrite: (value, data) => {
      const parsed = schemaOf('POST /garages').safeParse(value);
      if (!parsed.success) return false;
      const number = (parsed.data as { companies_house_number: string }).companies_house_number;
      return data.fixtureCompanyNumbers.has(normaliseCompanyNumber(number));
    },
  },
  'POST /auth/forgot-password': {
    why: "an existing account's e-mail stores a reset token and queues its mail: no schema-valid body names an existing account",
    couldWrite: (value, data) => {
      const parsed = schemaOf('POST /auth/forgot-password').safeParse(value);
      return parsed.success && data.knownEmails.has((parsed.data as { email: string }).email);
    },
  },
  'POST /auth/login': {
    why: 'the right password starts a session (a refresh-token row): no body carries a known password',
    couldWrite: (value, data) => {
      const parsed = schemaOf('POST /auth/login').safeParse(value);
      return parsed.success && data.knownPasswords.has((parsed.data as { password: string }).password);
    },
  },
};

/**
 * Whether a generated request must not be sent to this operation. The guard sees the value as the server will
 * (after JSON), and a value the schema cannot even judge (zod throws) cannot get as far as a write.
 */
export function couldWrite(operation: string, c: FuzzCase, data: GuardData): boolean {
  const guard = WRITE_GUARDS[operation];
  if (guard === undefined || c.value === undefined) return false;
  try {
    return guard.couldWrite(JSON.parse(JSON.stringify(c.value) ?? 'null') as unknown, data);
  } catch {
    return false;
  }
}
