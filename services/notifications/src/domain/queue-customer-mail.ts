import { spendDailyAllowance, type Queryable } from '@sh/shared/server';
import { enqueueMail, type MailToQueue } from '../store/enqueue-mail.js';
import { withholdMail } from '../store/withhold-mail.js';

/** A recipient is sent at most this many customer mails (notices and reminders about a vehicle) a UK day. */
export const CUSTOMER_MAILS_PER_RECIPIENT_PER_DAY = 5;

/**
 * Queues a mail to a vehicle's customer (docs/product.md#customer-mails-a-day), in the caller's transaction. A mail
 * new to the queue spends one of its recipient's customer mails of the day; over the day's allowance it is kept in the
 * queue withheld (never sent, not lost). A mail queued already (a redelivered event) spends nothing. Answers what
 * became of it.
 */
export async function queueCustomerMail(
  db: Queryable,
  mail: MailToQueue,
): Promise<'queued' | 'withheld' | 'already_queued'> {
  if (!(await enqueueMail(db, mail))) return 'already_queued';
  const isAllowed = await spendDailyAllowance(db, {
    allowance: 'customer-mails-to-address',
    key: mail.to.trim().toLowerCase(),
    limit: CUSTOMER_MAILS_PER_RECIPIENT_PER_DAY,
  });
  if (isAllowed) return 'queued';
  await withholdMail(db, mail);
  return 'withheld';
}
