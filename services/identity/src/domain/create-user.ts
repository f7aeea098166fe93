import type { TCreateUserRequest } from '@sh/shared/contract';
import { hashPassword, withTransaction, type Pool } from '@sh/shared/server';
import { publishUserRegistered } from '../events/publish-user-registered.js';
import { insertUser } from '../store/insert-user.js';
import { duplicateEmailError } from './duplicate-email-error.js';
import { requestEmailConfirmation } from './request-email-confirmation.js';

/**
 * Creates a user with a role (garages' signup), announces it and asks for the confirmation e-mail, all in
 * one transaction. A taken e-mail is a 409 with MESSAGES.signup.duplicateEmail.
 */
export async function createUser(pool: Pool, input: TCreateUserRequest): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  return withTransaction(pool, async (client) => {
    const inserted = await insertUser(client, {
      email: input.email,
      passwordHash,
      role: input.role,
      emailConfirmed: false,
    });
    if (inserted.outcome === 'email_taken') throw duplicateEmailError();
    await publishUserRegistered(client, { userId: inserted.id, email: input.email, role: input.role });
    await requestEmailConfirmation(client, { id: inserted.id, email: input.email });
    return inserted.id;
  });
}
