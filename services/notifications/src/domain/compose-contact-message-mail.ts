import { BRAND_NAME, renderMail, type ComposedMail, type MailContext } from './mail-layout.js';

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
  return renderMail(
    `Contact form: ${topic} from ${input.name}`,
    {
      preheader: `${input.name} wrote about ${topic}.`,
      heading: 'New message from the contact form',
      blocks: [
        {
          kind: 'details',
          rows: [
            ['Name', input.name],
            ['Email', input.email],
            ['Subject', topic],
            ['Message', input.message ?? '(the message text is not available)'],
            ['Reference', input.messageId],
          ],
        },
        { kind: 'paragraph', text: `Reply to this email to answer ${input.name} directly.` },
      ],
      isForStaff: true,
      reason: `Sent to the ${BRAND_NAME} support address by the website's contact form.`,
    },
    context,
  );
}
