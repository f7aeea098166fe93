import { z } from 'zod';
import type { TCallbackRequest } from '@sh/shared/contract';
import { withTransaction, type Pool } from '@sh/shared/server';
import { publishCallbackRequested } from '../events/publish-callback-requested.js';
import { insertCallbackRequest } from '../store/insert-callback-request.js';

/**
 * Stores a garage's callback request and announces it (callback.requested), in one transaction.
 * `submittedBy` is the signed-in caller's user id, or null for a visitor.
 */
export async function requestCallback(
  pool: Pool,
  request: TCallbackRequest,
  submittedBy: string | null,
): Promise<{ id: string }> {
  const submitter = z.uuid().safeParse(submittedBy).success ? submittedBy : null;
  const callback = {
    fullName: request.full_name,
    garageName: request.garage_name,
    phone: request.phone,
    bestTime: request.best_time,
    message: request.message,
    submittedBy: submitter,
  };
  return withTransaction(pool, async (client) => {
    const id = await insertCallbackRequest(client, callback);
    await publishCallbackRequested(client, { id, ...callback });
    return { id };
  });
}
