import type { TReminderDueFrom } from '@sh/shared/contract';
import { BRAND_NAME, paragraph, renderMail, siteLink, type ComposedMail, type MailContext } from './mail-layout.js';
import { formatCalendarDate } from './mail-values.js';

export interface ServiceReminderInput {
  garageName: string;
  registration: string;
  serviceDate: string;
  dueDate: string;
  dueFrom: TReminderDueFrom | null;
  /** The one-click unsubscribe link (RFC 8058): the API call the List-Unsubscribe header names. */
  unsubscribeApiUrl: string;
  /** The page with the Unsubscribe button, for a reader of the mail. */
  unsubscribePageUrl: string;
}

/**
 * The reminder a customer asked for: the vehicle is due (11 months after its service, or a month before its MOT
 * expires). Its headers say how to unsubscribe in one click (RFC 8058), and so does its last link.
 */
export function composeServiceReminderMail(
  context: MailContext,
  input: ServiceReminderInput,
): ComposedMail & { headers: Record<string, string> } {
  const serviceDate = formatCalendarDate(input.serviceDate);
  const why =
    input.dueFrom === 'mot'
      ? `Its MOT runs out a month after ${formatCalendarDate(input.dueDate)}, by what DVSA reports.`
      : `It is 11 months since its service on ${serviceDate}.`;
  const mail = renderMail(
    `${input.registration} is due a service: a reminder from ${input.garageName}`,
    {
      preheader: `${input.registration} is due a service. ${why}`,
      heading: `${input.registration} is due a service`,
      greeting: 'Hello,',
      blocks: [
        paragraph(`${why} ${input.garageName} would be glad to see it again.`),
        {
          kind: 'details',
          rows: [
            ['Registration', input.registration],
            ['Last service', serviceDate],
          ],
        },
        {
          kind: 'button',
          label: 'View the service history',
          url: siteLink(context, '/vehicle-results', { reg: input.registration }),
        },
        { kind: 'link', label: 'Unsubscribe from these reminders', url: input.unsubscribePageUrl },
      ],
      reason: `You are receiving this email because you asked ${BRAND_NAME} to remind you when ${input.registration} is due a service at ${input.garageName}.`,
    },
    context,
  );
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeApiUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
