/**
 * The signed-in accounts the fuzz test calls with, one per role (FUZZ_ROLES), and their access tokens. A token is
 * had by signing in through the API as the SPA does (never by refreshing, so that nothing here depends on how a
 * session is renewed), and is renewed the same way between operations once it has less than TOKEN_MARGIN_S left,
 * never in the middle of one: a sign-in writes a session, which must not be counted against the operation.
 */
import { logInThroughApi } from './api.js';
import { seedAccounts, seedGarages } from './data.js';
import type { FuzzRole } from './fuzz-targets.js';

export interface FuzzAccount {
  role: FuzzRole;
  email: string;
  password: string;
}

/**
 * An account for every role: the demo admin and the demo garage (confirmed e-mail, active subscription), whose
 * calls get past every check but the input's. Keyed by role so that a role added to FUZZ_ROLES without an account
 * does not compile.
 */
export function fuzzAccounts(): Record<FuzzRole, FuzzAccount> {
  const garage = seedGarages.find((g) => g.id === seedAccounts.garage.garage_id);
  if (!garage) throw new Error('the seed has no demo garage');
  return {
    admin: { role: 'admin', email: seedAccounts.admin.email, password: seedAccounts.admin.password },
    garage: { role: 'garage', email: garage.email, password: seedAccounts.garage.password },
  };
}

/** A token is renewed before an operation when it has less than this left (an operation takes seconds). */
const TOKEN_MARGIN_S = 5 * 60;

interface Held {
  token: string;
  userId: string;
  expiresAt: number;
}

/** When an access token expires, read from its `exp` claim (seconds since the epoch). */
export function expiryOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
  if (typeof payload.exp !== 'number') throw new Error('an access token without exp');
  return payload.exp;
}

export class FuzzTokens {
  private readonly held = new Map<FuzzRole, Held>();
  /** How many times the accounts signed in, in all. */
  logins = 0;

  constructor(readonly accounts: Record<FuzzRole, FuzzAccount>) {}

  /**
   * Signs in again every account of these roles whose token is missing or near its end; answers whether any did
   * (a sign-in writes rows, so the caller counts the tables again afterwards).
   */
  async renew(roles: readonly FuzzRole[]): Promise<boolean> {
    let renewed = false;
    for (const role of roles) {
      const held = this.held.get(role);
      if (held && held.expiresAt - Date.now() / 1000 > TOKEN_MARGIN_S) continue;
      const account = this.accounts[role];
      const { token, id } = await logInThroughApi(account.email, account.password);
      this.logins += 1;
      this.held.set(role, { token, userId: id, expiresAt: expiryOf(token) });
      renewed = true;
    }
    return renewed;
  }

  /** The current token of a role (renew first). */
  token(role: FuzzRole): string {
    const held = this.held.get(role);
    if (!held) throw new Error(`no token for ${role}: renew() first`);
    return held.token;
  }

  userId(role: FuzzRole): string {
    const held = this.held.get(role);
    if (!held) throw new Error(`no token for ${role}: renew() first`);
    return held.userId;
  }
}
