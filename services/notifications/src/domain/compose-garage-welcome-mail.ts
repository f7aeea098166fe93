import { PLAN } from '@sh/shared/contract';
import { BRAND_NAME, paragraph, renderMail, siteLink, type ComposedMail, type MailContext } from './mail-layout.js';

/** The welcome mail to a newly registered garage: its referral code and what to do next. */
export function composeGarageWelcomeMail(
  context: MailContext,
  input: { garageName: string; fullName: string; referralCode: string },
): ComposedMail {
  const firstName = input.fullName.trim().split(/\s+/)[0];
  return renderMail(
    `Welcome to ${BRAND_NAME}, ${input.garageName}`,
    {
      preheader: `Your garage account is ready. Your referral code is ${input.referralCode}.`,
      heading: `Welcome to ${BRAND_NAME}`,
      greeting: firstName ? `Dear ${firstName},` : 'Hello,',
      blocks: [
        paragraph(
          `Thank you for registering ${input.garageName}. Your garage account is ready, and every service you record will build a verified, time-stamped history that your customers and future buyers can trust.`,
        ),
        { kind: 'highlight', label: 'Your referral code:', value: input.referralCode },
        paragraph('Share it with other garages: when they sign up with your code, we will know you sent them.'),
        paragraph('Your next steps:'),
        {
          kind: 'list',
          ordered: true,
          items: [
            'Confirm your email address using the link in the separate email we have sent you.',
            `Start your ${PLAN.trialDays}-day free trial of the ${PLAN.name} if you have not already.`,
            'Log in to your dashboard and add your first service record.',
          ],
        },
        { kind: 'button', label: 'Go to your dashboard', url: siteLink(context, '/garage') },
      ],
      reason: `You are receiving this email because ${input.garageName} was registered with ${BRAND_NAME} using this address.`,
    },
    context,
  );
}
