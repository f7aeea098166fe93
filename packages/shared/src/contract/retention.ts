/*
 * Kept apart from constants.ts, whose constants the web app's first page loads: only the privacy policy shows these.
 */

/**
 * How long personal data is kept before a scheduled job erases it (docs/product.md#retention; the privacy policy states
 * these). Records: a customer's e-mail and phone on a service record, in its amendments and in its created event, this
 * many months after the record was logged (the record itself stays: it is the vehicle's history). Notifications: the
 * address, headers and bodies of a mail sent or given up on, mailAddressMonths after it was queued; contact messages
 * and callback requests, contactMessageMonths after they arrived; a service reminder the customer unsubscribed from,
 * unsubscribedReminderDays after; a reminder offer nobody took up, when its link expires (optInLinkDays).
 */
export const RETENTION = {
  customerContactMonths: 24,
  mailAddressMonths: 12,
  contactMessageMonths: 24,
  unsubscribedReminderDays: 30,
} as const;
