import { z } from 'zod';
import type { EventHandlers } from '@sh/shared/server';
import { chooseSubscriptionMail } from '../domain/choose-subscription-mail.js';
import { composeCallbackRequestMail } from '../domain/compose-callback-request-mail.js';
import { composeCompanyReleasedMail } from '../domain/compose-company-released-mail.js';
import { composeContactMessageMail } from '../domain/compose-contact-message-mail.js';
import { composeCustomerServiceRecordedMail } from '../domain/compose-customer-service-recorded-mail.js';
import { composeEmailChangeNoticeMail } from '../domain/compose-email-change-notice-mail.js';
import { composeEmailConfirmationMail } from '../domain/compose-email-confirmation-mail.js';
import { composeGarageReinstatedMail } from '../domain/garage-decision-mails.js';
import { composeGarageSuspendedMail } from '../domain/garage-decision-mails.js';
import { composeGarageWelcomeMail } from '../domain/compose-garage-welcome-mail.js';
import { composePasswordResetMail } from '../domain/compose-password-reset-mail.js';
import { composeServiceRecordAmendedMail } from '../domain/record-correction-mails.js';
import { composeServiceRecordWithdrawnMail } from '../domain/record-correction-mails.js';
import { composeTechnicianInvitationMail } from '../domain/compose-technician-invitation-mail.js';
import type { MailContext } from '../domain/mail-layout.js';
import { offerServiceReminder } from '../domain/offer-service-reminder.js';
import { queueCustomerMail } from '../domain/queue-customer-mail.js';
import { queueOrHoldReceipt, releaseReceiptsCoveredBy } from '../domain/receipt-mails.js';
import { enqueueMail } from '../store/enqueue-mail.js';
import { findCallbackRequest } from '../store/find-callback-request.js';
import { findContactMessage } from '../store/find-contact-message.js';

const isEmailAddress = (value: string) => z.email().safeParse(value).success;

/**
 * What notifications does with the events it hears: compose the mail and queue it in the event's own
 * transaction (the delivery loop sends it). A redelivered event queues nothing twice: a mail is unique by
 * (event, template), so one event may queue several different mails, each once.
 */
export function createNotificationsHandlers(context: MailContext): EventHandlers {
  return {
    'user.email_confirmation_requested': async (db, event) => {
      const mail = composeEmailConfirmationMail(context, { token: event.payload.token });
      await enqueueMail(db, { eventId: event.id, template: 'email_confirmation', to: event.payload.email, ...mail });
    },
    'user.password_reset_requested': async (db, event) => {
      const mail = composePasswordResetMail(context, { token: event.payload.token });
      await enqueueMail(db, { eventId: event.id, template: 'password_reset', to: event.payload.email, ...mail });
    },
    'technician.invited': async (db, event) => {
      const { email, name, invitedBy, token } = event.payload;
      const mail = composeTechnicianInvitationMail(context, { name, invitedBy, token });
      await enqueueMail(db, { eventId: event.id, template: 'technician_invitation', to: email, ...mail });
    },
    'user.email_change_notice_requested': async (db, event) => {
      const { oldEmail, newEmail, token } = event.payload;
      const mail = composeEmailChangeNoticeMail(context, { newEmail, token });
      await enqueueMail(db, { eventId: event.id, template: 'email_change_notice', to: oldEmail, ...mail });
    },
    'garage.registered': async (db, event) => {
      const { name, fullName, referralCode, email } = event.payload;
      const mail = composeGarageWelcomeMail(context, { garageName: name, fullName, referralCode });
      await enqueueMail(db, { eventId: event.id, template: 'garage_welcome', to: email, ...mail });
    },
    'garage.company_released': async (db, event) => {
      const { name, email, companyNumber } = event.payload;
      const mail = composeCompanyReleasedMail(context, { garageName: name, companyNumber });
      await enqueueMail(db, { eventId: event.id, template: 'company_released', to: email, ...mail });
    },
    'garage.suspended': async (db, event) => {
      const { name, email, reason, suspendedAt } = event.payload;
      const mail = composeGarageSuspendedMail(context, { garageName: name, reason, suspendedAt });
      await enqueueMail(db, { eventId: event.id, template: 'garage_suspended', to: email, ...mail });
    },
    'garage.reinstated': async (db, event) => {
      const { name, email, reason, reinstatedAt } = event.payload;
      const mail = composeGarageReinstatedMail(context, { garageName: name, reason, reinstatedAt });
      await enqueueMail(db, { eventId: event.id, template: 'garage_reinstated', to: email, ...mail });
    },
    'subscription.changed': async (db, event) => {
      const chosen = chooseSubscriptionMail(context, event.payload);
      if (!chosen) return;
      await enqueueMail(db, {
        eventId: event.id,
        template: chosen.template,
        dedupeKey: chosen.dedupeKey,
        to: event.payload.email,
        ...chosen.mail,
      });
    },
    // The customer's notice goes at once (within the recipient's customer mails a day), offering a service reminder (docs/product.md#service-reminders); the garage's receipt waits for the checkpoint that covers its entry.
    'service_record.created': async (db, event) => {
      const record = event.payload;
      if (record.customerEmail) {
        const customerEmail = record.customerEmail;
        const optInUrl = await offerServiceReminder(db, context, {
          id: event.id,
          record: { ...record, customerEmail },
        });
        const mail = composeCustomerServiceRecordedMail(context, record, optInUrl);
        await queueCustomerMail(db, {
          eventId: event.id,
          template: 'customer_service_recorded',
          to: record.customerEmail,
          ...mail,
        });
      }
      if (record.garageEmail) await queueOrHoldReceipt(db, context, { id: event.id, to: record.garageEmail, record });
    },
    'transparency_log.checkpoint_issued': async (db, event) => {
      await releaseReceiptsCoveredBy(db, context, event.payload);
    },
    // The garage whose record an admin corrected or withdrew is told; a garage with no e-mail on file cannot be.
    'service_record.amended': async (db, event) => {
      const { garageEmail } = event.payload;
      if (!garageEmail) return;
      const mail = composeServiceRecordAmendedMail(context, event.payload);
      await enqueueMail(db, { eventId: event.id, template: 'service_record_amended', to: garageEmail, ...mail });
    },
    'service_record.withdrawn': async (db, event) => {
      const { garageEmail } = event.payload;
      if (!garageEmail) return;
      const mail = composeServiceRecordWithdrawnMail(context, event.payload);
      await enqueueMail(db, { eventId: event.id, template: 'service_record_withdrawn', to: garageEmail, ...mail });
    },
    'contact.received': async (db, event) => {
      const { messageId, name, email, subject } = event.payload;
      const stored = await findContactMessage(db, messageId);
      const mail = composeContactMessageMail(context, {
        name,
        email,
        subject,
        message: stored?.message ?? null,
        messageId,
      });
      await enqueueMail(db, {
        eventId: event.id,
        template: 'contact_message',
        to: context.supportEmail,
        replyTo: isEmailAddress(email) ? email : null,
        ...mail,
      });
    },
    'callback.requested': async (db, event) => {
      const { requestId, fullName, garageName, phone } = event.payload;
      const stored = await findCallbackRequest(db, requestId);
      const mail = composeCallbackRequestMail(context, {
        fullName,
        garageName,
        phone,
        bestTime: stored?.best_time ?? null,
        message: stored?.message ?? null,
        requestId,
      });
      await enqueueMail(db, { eventId: event.id, template: 'callback_request', to: context.supportEmail, ...mail });
    },
  };
}
