import type { TEventPayload } from '@sh/shared/contract';
import {
  BRAND_NAME,
  formatCalendarDate,
  formatLongDateOfIso,
  renderMail,
  type ComposedMail,
  type MailContext,
} from './mail-layout.js';

export type ServiceRecordWithdrawnInput = Pick<
  TEventPayload<'service_record.withdrawn'>,
  'registration' | 'garageName' | 'serviceDate' | 'reason' | 'withdrawnAt'
>;

/**
 * The mail to the garage whose service record an admin withdrew: which record and why; it leaves the public history
 * and the garage's list, while the vehicle's tamper-evident history keeps it with its withdrawal.
 */
export function composeServiceRecordWithdrawnMail(
  context: MailContext,
  input: ServiceRecordWithdrawnInput,
): ComposedMail {
  return renderMail(
    `A service record for ${input.registration} was withdrawn`,
    {
      preheader: `Our team withdrew your service record for ${input.registration}: ${input.reason}`,
      heading: 'One of your service records was withdrawn',
      greeting: 'Hello,',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Our team has withdrawn a service record your garage logged, for the reason below.',
        },
        {
          kind: 'details',
          rows: [
            ['Garage', input.garageName],
            ['Registration', input.registration],
            ['Service date', formatCalendarDate(input.serviceDate)],
            ['Reason', input.reason],
            ['Withdrawn on', formatLongDateOfIso(input.withdrawnAt)],
          ],
        },
        {
          kind: 'paragraph',
          text: "The record no longer appears in the vehicle's public history or on your dashboard. It is not deleted: the vehicle's tamper-evident history keeps it together with its withdrawal.",
        },
        { kind: 'paragraph', text: `If you have questions about this, please write to ${context.supportEmail}.` },
      ],
      reason: `You are receiving this email because your garage logged this service record on ${BRAND_NAME}.`,
    },
    context,
  );
}
