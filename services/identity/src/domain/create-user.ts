import type { TCreateUserRequest } from '@sh/shared/contract';
import { withTransaction, writeEvent, type Pool } from '@sh/shared/server';
import { insertUser } from '../store/users.js';
import { hashPassword } from './passwords.js';
import { requestEmailConfirmation } from './request-email-confirmation.js';
import { asDuplicateEmail } from './unique-violation.js';

/**
 * Creates a user with a role (garages' signup), announces it and asks for the confirmation e-mail, all in
 * one transaction. A taken e-mail is a 409 with SPEC.md's message.
 */
export async function createUser(pool: Pool, input: TCreateUserRequest): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await withTransaction(pool, async (client) => {
      const id = await insertUser(client, { email: input.email, passwordHash, role: input.role, emailConfirmed: false });
      await writeEvent(client, 'user.registered', { userId: id, email: input.email, role: input.role });
      await requestEmailConfirmation(client, { id, email: input.email });
      return id;
    });
  } catch (error) {
    throw asDuplicateEmail(error);
  }
}
