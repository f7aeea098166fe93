/** The mails this service sends; the name is stored with each queued mail. */
export const MAIL_TEMPLATES = [
  'email_confirmation',
  'password_reset',
  'technician_invitation',
  'garage_welcome',
  'trial_started',
  'trial_ending',
  'payment_failed',
  'subscription_cancelled',
  'contact_message',
  'callback_request',
  'service_record_receipt',
  'customer_service_recorded',
  'email_change_notice',
  'company_released',
  'garage_suspended',
  'garage_reinstated',
  'service_record_amended',
  'service_record_withdrawn',
  'service_reminder',
] as const;

export type TMailTemplate = (typeof MAIL_TEMPLATES)[number];
