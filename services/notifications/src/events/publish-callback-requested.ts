import { writeEvent, type Queryable } from '@sh/shared/server';

/** Writes callback.requested into the outbox, in the transaction that stored the request. */
export async function publishCallbackRequested(
  db: Queryable,
  request: { id: string; fullName: string; garageName: string; phone: string },
): Promise<void> {
  await writeEvent(db, 'callback.requested', {
    requestId: request.id,
    fullName: request.fullName,
    garageName: request.garageName,
    phone: request.phone,
  });
}
