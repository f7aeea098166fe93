/**
 * The public operations that do write when their input is valid, and the inputs the fuzz test therefore never
 * sends them: every other input must leave every table as it was. Operations called with a valid token are sent
 * bad input only (signedInInputIsBad): whatever they write, they write nothing for it. The rest need a secret the generators never
 * have: refresh, logout, reset-password, confirm-email and undo-email-change a live single-use token (256 random
 * bits, only ever mailed or answered to its owner); the Stripe webhook a signature made with the webhook secret
 * over this very body within the last five minutes (the generators sign only with other secrets, old timestamps
 * or other bodies); POST /garages' shortcut a company token signed by garages' own secret.
 */
import { normaliseCompanyNumber, OPERATIONS } from '@sh/shared/contract';
import type { FuzzCase } from './fuzz-inputs.js';
import type { FuzzTarget } from './fuzz-targets.js';

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

/** The value as the server will see it (after JSON), or undefined. */
const asParsed = (value: unknown): unknown =>
  value === undefined ? undefined : (JSON.parse(JSON.stringify(value) ?? 'null') as unknown);

/**
 * Whether a zod schema accepts a value as the server will see it (after JSON); one too deep to write out or for the
 * schema to judge (either throws) cannot get as far as a write.
 */
const accepts = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown): boolean => {
  try {
    return schema.safeParse(asParsed(value)).success;
  } catch {
    return false;
  }
};

/**
 * Whether a generated request must not be sent to this operation. The guard sees the value as the server will
 * (after JSON), and a value the schema cannot even judge (zod throws) cannot get as far as a write.
 */
export function couldWrite(target: FuzzTarget, c: FuzzCase, data: GuardData): boolean {
  if (c.signedInAs !== undefined && !signedInInputIsBad(target, c)) return true;
  const guard = WRITE_GUARDS[target.name];
  if (guard === undefined || c.value === undefined) return false;
  try {
    return guard.couldWrite(asParsed(c.value), data);
  } catch {
    return false;
  }
}

/**
 * Whether an operation may be sent a valid token: one that reads may (a read writes nothing whatever its input);
 * one that writes only when it takes input the fuzz can make bad (a body, path parameters or a query). An
 * operation that takes none (resend a confirmation, open the billing portal) does what it is for with any call
 * that carries a valid token, so it is only ever sent forged tokens and none.
 */
export function mayCarryValidToken(target: FuzzTarget): boolean {
  if (target.roles.length === 0) return false;
  const op = target.operation;
  return target.method === 'GET' || op.body !== undefined || op.pathParams !== undefined || op.query !== undefined;
}

/** A path parameter as the server decodes it (undefined when it cannot: the server answers 400 itself). */
function decodedParam(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * Bad input only, for a call with a valid token of a role allowed to make it: any that reads (but a download: what a
 * valid one answers is a whole file, not an envelope, and costs a whole export), and any that writes whose body the
 * operation's schema refuses (however the server reads it: the JSON sent, or nothing at all when it does not parse
 * the body as JSON), never a valid body, whatever the path; for an operation without a body, path parameters or a
 * query that its schemas refuse. So an admin's token never carries a valid new password or e-mail, to another account
 * or its own, and never a valid id to an operation that takes only an id.
 */
export function signedInInputIsBad(target: FuzzTarget, c: FuzzCase): boolean {
  if (target.method === 'GET' && target.operation.download === undefined) return true;
  const op = target.operation;
  if (op.body) {
    const contentType = c.headers['content-type'] ?? '';
    const seen = [c.value, ...(c.value === undefined || !/json/i.test(contentType) ? [{}] : [])];
    return !seen.some((value) => accepts(op.body!, value));
  }
  const paramsAccepted = op.pathParams
    ? (() => {
        const decoded = Object.fromEntries(Object.entries(c.params).map(([name, raw]) => [name, decodedParam(raw)]));
        return !Object.values(decoded).includes(undefined) && accepts(op.pathParams, decoded);
      })()
    : true;
  // The query as the server reads it: up to any '#', as express's URL parsing and the gateway's forwarding cut it.
  const query = (c.path.split('?')[1] ?? '').split('#')[0];
  const queryAccepted = op.query ? accepts(op.query, Object.fromEntries(new URLSearchParams(query))) : true;
  return !(paramsAccepted && queryAccepted);
}
