import type { TEventPayload } from '@sh/shared/contract';
import type { PoolClient } from '@sh/shared/server';
import { updateGarageEmail } from '../store/update-garage-email.js';

/**
 * user.email_changed: the garage's profile follows its account to the new address (the newest change wins; a user
 * without a garage changes nothing). When another garage still holds the address, its own change has not been
 * applied yet: the event fails and is retried, rather than being dropped.
 */
export async function applyEmailChange(client: PoolClient, change: TEventPayload<'user.email_changed'>): Promise<void> {
  const outcome = await updateGarageEmail(client, {
    garageId: change.userId,
    email: change.newEmail,
    changedAt: change.changedAt,
  });
  if (outcome === 'email_taken')
    throw new Error(`garage ${change.userId}: another garage still holds its new e-mail; retrying later`);
}
