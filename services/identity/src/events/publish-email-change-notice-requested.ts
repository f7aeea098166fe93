import type { TEventPayload } from '@sh/shared/contract';
import { writeEvent, type PoolClient } from '@sh/shared/server';

/**
 * Writes user.email_change_notice_requested (the mail to the old address, with the raw token of its undo link; a
 * secret field the kit drops once published) in the transaction that stored the token's hash.
 */
export async function publishEmailChangeNoticeRequested(
  client: PoolClient,
  notice: TEventPayload<'user.email_change_notice_requested'>,
): Promise<void> {
  await writeEvent(client, 'user.email_change_notice_requested', notice);
}
