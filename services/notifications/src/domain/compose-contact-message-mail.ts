import { renderStaffMail, type ComposedMail, type MailContext } from './mail-layout.js';

/** The contact form's subjects as the support team reads them. */
export const CONTACT_SUBJECT_LABELS: Record<string, string> = {
  general: 'General enquiry',
  'garage-signup': 'Garage sign-up',
  'technical-support': 'Technical support',
  billing: 'Billing',
  partnership: 'Partnership',
  feedback: 'Feedback',
};

/** Hands a message from the contact form to the support team; replying answers the sender. */
export function composeContactMessageMail(
  context: MailContext,
  input: { name: string; email: string; subject: string; message: string | null; messageId: string },
): ComposedMail {
  const topic = CONTACT_SUBJECT_LABELS[input.subject] ?? input.subject;
  return renderStaffMail(context, {
    subject: `Contact form: ${topic} from ${input.name}`,
    preheader: `${input.name} wrote about ${topic}.`,
    heading: 'New message from the contact form',
    details: [
      ['Name', input.name],
      ['Email', input.email],
      ['Subject', topic],
      ['Message', input.message ?? '(the message text is not available)'],
      ['Reference', input.messageId],
    ],
    closing: `Reply to this email to answer ${input.name} directly.`,
    form: 'contact form',
  });
}
