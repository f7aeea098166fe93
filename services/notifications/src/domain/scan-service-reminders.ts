import { randomUUID } from 'node:crypto';
import { withTransaction, type Pool } from '@sh/shared/server';
import type { MotExpiryLookup } from '../clients/mot-expiry.js';
import { claimDueReminders, recordReminderSend } from '../store/claim-due-reminders.js';
import { insertUnsubscribeToken } from '../store/reminder-unsubscribe.js';
import { readReminderBasis } from '../store/reminder-settings.js';
import { findRemindersToWorkOut, setReminderDue } from '../store/reminders.js';
import { composeServiceReminderMail } from './compose-service-reminder-mail.js';
import { queueCustomerMail } from './queue-customer-mail.js';
import { siteLink, type MailContext } from './mail-layout.js';
import { generateOpaqueToken, hashToken } from '@sh/shared/server';
import { reminderDueDate } from './reminder-due-date.js';

export const REMINDER_TEMPLATE = 'service_reminder';

export interface ReminderScanDeps {
  pool: Pool;
  context: MailContext;
  lookupMotExpiry: MotExpiryLookup;
  batchSize?: number;
}

/**
 * One scan of the scheduled job (docs/product.md#service-reminders). First it works out the due date of each
 * reminder a newer service renewed. Then, batch by batch, each in one transaction: it locks reminders due (SKIP
 * LOCKED, so two replicas share them), records the send of each for its due date (unique per reminder and due date)
 * and queues its mail in mail_queue (withheld over the recipient's customer mails a day), whose delivery loop sends it
 * and retries SMTP failures. A process that dies before the commit leaves nothing behind (the next scan does it);
 * after it, the queued mail is sent by whichever replica's loop takes it. So a reminder is queued once per due date,
 * and never lost. Answers how many were queued.
 */
export async function scanServiceReminders(deps: ReminderScanDeps): Promise<{ workedOut: number; queued: number }> {
  const batchSize = deps.batchSize ?? 50;
  let workedOut = 0;
  for (;;) {
    const reminders = await findRemindersToWorkOut(deps.pool, batchSize);
    for (const reminder of reminders) {
      const basis = await readReminderBasis(deps.pool, reminder.garageId);
      const motExpiryDate = basis === 'mot' ? await deps.lookupMotExpiry(reminder.registration) : null;
      await setReminderDue(
        deps.pool,
        reminder,
        reminderDueDate({ basis, serviceDate: reminder.serviceDate, motExpiryDate }),
      );
    }
    workedOut += reminders.length;
    if (reminders.length < batchSize) break;
  }
  let queued = 0;
  for (;;) {
    const claimed = await withTransaction(deps.pool, async (client) => {
      const due = await claimDueReminders(client, batchSize);
      for (const reminder of due) {
        const mailEventId = randomUUID();
        if (!(await recordReminderSend(client, { reminderId: reminder.id, dueDate: reminder.dueDate, mailEventId })))
          continue;
        const token = generateOpaqueToken();
        const hash = hashToken(token);
        await insertUnsubscribeToken(client, { tokenHash: hash, reminderId: reminder.id });
        const mail = composeServiceReminderMail(deps.context, {
          ...reminder,
          ...unsubscribeLinks(deps.context, token),
        });
        await queueCustomerMail(client, {
          eventId: mailEventId,
          template: REMINDER_TEMPLATE,
          dedupeKey: `${REMINDER_TEMPLATE}:${reminder.id}:${reminder.dueDate}`,
          to: reminder.customerEmail,
          ...mail,
        });
        queued += 1;
      }
      return due.length;
    });
    if (claimed < batchSize) break;
  }
  return { workedOut, queued };
}

/** A reminder's unsubscribe links: the one-click API call (its List-Unsubscribe header) and the page with a button. */
function unsubscribeLinks(context: MailContext, token: string) {
  return {
    unsubscribeApiUrl: siteLink(context, '/api/v1/reminders/unsubscribe', { token }),
    unsubscribePageUrl: siteLink(context, '/service-reminder/unsubscribe', { token }),
  };
}
