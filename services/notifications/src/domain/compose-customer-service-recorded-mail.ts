import type { TEventPayload } from '@sh/shared/contract';
import { BRAND_NAME, paragraph, renderMail, siteLink, type ComposedMail, type MailContext } from './mail-layout.js';
import { formatCalendarDate, formatMileage } from './mail-values.js';

export type CustomerServiceRecordedInput = Pick<
  TEventPayload<'service_record.created'>,
  'garageName' | 'registration' | 'serviceDate' | 'mileage' | 'serviceType'
>;

/**
 * Tells a vehicle's owner that their garage recorded a service, and where the vehicle's history can be
 * seen. Sent only to an address the garage entered when logging the service.
 */
export function composeCustomerServiceRecordedMail(
  context: MailContext,
  input: CustomerServiceRecordedInput,
  /** The page where the customer may ask for a service reminder (docs/product.md#service-reminders). */
  reminderOptInUrl?: string,
): ComposedMail {
  const serviceDate = formatCalendarDate(input.serviceDate);
  return renderMail(
    `${input.garageName} recorded a service for ${input.registration}`,
    {
      preheader: `${input.garageName} recorded a service for ${input.registration} on ${serviceDate}.`,
      heading: `A service was recorded for ${input.registration}`,
      greeting: 'Hello,',
      blocks: [
        paragraph(`${input.garageName} recorded a service for ${input.registration} on ${serviceDate}.`),
        {
          kind: 'details',
          rows: [
            ['Registration', input.registration],
            ['Service date', serviceDate],
            ['Mileage', formatMileage(input.mileage)],
            ['Services', input.serviceType],
          ],
        },
        paragraph(
          "The service is now part of the vehicle's history, which anyone can look up free of charge by registration, without an account: handy when you sell the vehicle, or to check what has been done.",
        ),
        {
          kind: 'button',
          label: 'View the service history',
          url: siteLink(context, '/vehicle-results', { reg: input.registration }),
        },
        ...(reminderOptInUrl
          ? [
              paragraph(
                `Would you like ${input.garageName} to remind you when ${input.registration} is next due a service? Nothing is set up unless you ask: follow the link and choose "Remind me". One email per due date, and every reminder has a one-click unsubscribe.`,
              ),
              { kind: 'link' as const, label: 'Set up a service reminder', url: reminderOptInUrl },
            ]
          : []),
        paragraph(
          `If ${input.registration} is not your vehicle, or it was not serviced by ${input.garageName}, please let us know at ${context.supportEmail}.`,
        ),
      ],
      reason: `You are receiving this email because ${input.garageName} entered this email address when logging a service for ${input.registration} on ${BRAND_NAME}.`,
    },
    context,
  );
}
