import { z } from 'zod';
import { parseOrThrow, withTransaction, writeEvent, type Pool } from '@sh/shared/server';
import { insertCallbackRequest } from '../store/insert-callback-request.js';
import { ZCallbackRequestSchema } from '@sh/shared/contract';

/**
 * Checks and stores a garage's callback request and announces it (callback.requested), in one transaction.
 * `submittedBy` is the signed-in caller's user id, or null for a visitor.
 */
export async function requestCallback(pool: Pool, body: unknown, submittedBy: string | null): Promise<{ id: string }> {
  const input = parseOrThrow(ZCallbackRequestSchema, body);
  const submitter = z.uuid().safeParse(submittedBy).success ? submittedBy : null;
  return withTransaction(pool, async (client) => {
    const id = await insertCallbackRequest(client, {
      fullName: input.full_name,
      garageName: input.garage_name,
      phone: input.phone,
      bestTime: input.best_time,
      message: input.message,
      submittedBy: submitter,
    });
    await writeEvent(client, 'callback.requested', { requestId: id, fullName: input.full_name, garageName: input.garage_name, phone: input.phone });
    return { id };
  });
}
