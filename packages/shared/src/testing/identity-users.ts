/** Users made the way the platform makes them: through identity's /internal/users, never with identity's own code. */
import { randomBytes } from 'node:crypto';
import type { TUserRole } from '../contract/identity.js';
import { INTERNAL_TOKEN_HEADER } from '../server/auth.js';
import { callJson } from './index.js';

/**
 * Creates a user in the identity at `identityUrl` (POST /internal/users with its internal token), as garages' signup
 * does: an e-mail unique to this call unless one is given, the password 'Spanner42' unless one is given, the role
 * 'garage' unless another is. Its e-mail is not confirmed yet.
 */
export async function createIdentityUser(
  identityUrl: string,
  internalToken: string,
  overrides: Partial<{ email: string; password: string; role: TUserRole }> = {},
): Promise<{ id: string; email: string; password: string; role: TUserRole }> {
  const user = {
    email: overrides.email ?? `owner.${Date.now()}.${randomBytes(3).toString('hex')}@hartley-motors.co.uk`,
    password: overrides.password ?? 'Spanner42',
    role: overrides.role ?? 'garage',
  };
  const created = await callJson(identityUrl, 'POST', '/internal/users', {
    body: user,
    headers: { [INTERNAL_TOKEN_HEADER]: internalToken },
  });
  if (created.status !== 201) throw new Error(`identity answered ${created.status}: ${JSON.stringify(created.body)}`);
  return { id: (created.body.data as { id: string }).id, ...user };
}
