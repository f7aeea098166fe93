import { MESSAGES } from '@sh/shared/contract';
import { AppError, withTransaction, type Pool, type TAuthClaims } from '@sh/shared/server';
import { findUserById } from '../store/find-user-by-id.js';
import { updateUserEmail } from '../store/update-user-email.js';
import { duplicateEmailError } from './duplicate-email-error.js';
import { requestEmailConfirmation } from './request-email-confirmation.js';
import { assertSelfOrAdmin } from './user-type.js';

/**
 * Changes a user's e-mail (the user themself or an admin). The new address needs confirming: a confirmation
 * link is requested in the same transaction. A taken address is a 409 with SPEC.md's message.
 */
export async function updateEmail(pool: Pool, actor: TAuthClaims, userId: string, email: string): Promise<{ id: string; email: string }> {
  assertSelfOrAdmin(actor, userId);
  return withTransaction(pool, async (client) => {
    const user = await findUserById(client, userId);
    if (!user) throw new AppError('not_found', MESSAGES.platform.notFound);
    if (user.email === email) return { id: user.id, email };
    if ((await updateUserEmail(client, user.id, email)) === 'email_taken') throw duplicateEmailError();
    await requestEmailConfirmation(client, { id: user.id, email });
    return { id: user.id, email };
  });
}
