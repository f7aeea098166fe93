import { BRAND_NAME, paragraph, renderMail, siteLink, type ComposedMail, type MailContext } from './mail-layout.js';

/**
 * The mail to a garage whose company number an admin released because its e-mail was never confirmed: what
 * happened, why, and that support can help if the company is theirs.
 */
export function composeCompanyReleasedMail(
  context: MailContext,
  input: { garageName: string; companyNumber: string },
): ComposedMail {
  return renderMail(
    `Your garage registration no longer holds company ${input.companyNumber}`,
    {
      preheader: `Company ${input.companyNumber} has been released from your ${BRAND_NAME} registration.`,
      heading: 'Your company number has been released',
      greeting: 'Hello,',
      blocks: [
        {
          kind: 'details',
          rows: [
            ['Garage', input.garageName],
            ['Company number', input.companyNumber],
          ],
        },
        paragraph(
          `The email address of this ${BRAND_NAME} registration was never confirmed, so our team has released the Companies House number it held. The company can now be registered by its owners.`,
        ),
        paragraph(
          `If this company is yours, please write to ${context.supportEmail} from the company's email address and we will help you register it.`,
        ),
        { kind: 'link', label: 'Register a garage', url: siteLink(context, '/signup') },
      ],
      reason: `You are receiving this email because this address was used to register a garage with ${BRAND_NAME}.`,
    },
    context,
  );
}
