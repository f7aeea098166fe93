import {
  BRAND_NAME,
  formatLongDate,
  renderMail,
  siteLink,
  type ComposedMail,
  type MailContext,
} from './mail-layout.js';

/** The mail to a garage whose suspension an admin has lifted: it can sign in and add records again. */
export function composeGarageReinstatedMail(
  context: MailContext,
  input: { garageName: string; reason: string; reinstatedAt: number },
): ComposedMail {
  return renderMail(
    `Your ${BRAND_NAME} garage account has been reinstated`,
    {
      preheader: 'You can sign in and add service records again.',
      heading: 'Your garage account has been reinstated',
      greeting: 'Hello,',
      blocks: [
        {
          kind: 'paragraph',
          text: `Our team has lifted the suspension of your garage's ${BRAND_NAME} account. You can sign in and add service records again.`,
        },
        {
          kind: 'details',
          rows: [
            ['Garage', input.garageName],
            ['Reason', input.reason],
            ['Reinstated on', formatLongDate(input.reinstatedAt / 1000)],
          ],
        },
        { kind: 'button', label: 'Sign in', url: siteLink(context, '/login') },
      ],
      reason: `You are receiving this email because your garage is registered with ${BRAND_NAME}.`,
    },
    context,
  );
}
