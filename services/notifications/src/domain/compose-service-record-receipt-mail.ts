import type { TEventPayload } from '@sh/shared/contract';
import { BRAND_NAME, formatCalendarDate, formatMileage, renderMail, siteLink, type ComposedMail, type MailContext } from './mail-layout.js';

export type ServiceRecordReceiptInput = Pick<
  TEventPayload<'service_record.created'>,
  'registration' | 'vin' | 'serviceDate' | 'mileage' | 'serviceType' | 'signedBy' | 'hash' | 'position'
>;

/**
 * The garage's receipt for a service record it has just logged: what was recorded, who signed it, and
 * where the entry sits in the vehicle's hash chain, so the garage can later show the entry is unchanged.
 */
export function composeServiceRecordReceiptMail(context: MailContext, input: ServiceRecordReceiptInput): ComposedMail {
  const serviceDate = formatCalendarDate(input.serviceDate);
  return renderMail(
    `Service record receipt: ${input.registration}`,
    {
      preheader: `Your service record for ${input.registration} on ${serviceDate} is entry ${input.position} of the vehicle's history.`,
      heading: 'Service record receipt',
      greeting: 'Hello,',
      blocks: [
        { kind: 'paragraph', text: `Your service record for ${input.registration} has been added to the vehicle's public service history. Please keep this email as your receipt.` },
        {
          kind: 'details',
          rows: [
            ['Registration', input.registration],
            ['VIN', input.vin],
            ['Service date', serviceDate],
            ['Mileage', formatMileage(input.mileage)],
            ['Services', input.serviceType],
            ['Signed by', input.signedBy],
            ['Position in history', `Entry ${input.position} of this vehicle's history`],
          ],
        },
        { kind: 'code', label: 'SHA-256 hash of this entry:', value: input.hash },
        {
          kind: 'paragraph',
          text: "Each entry's hash also covers the entry before it, which makes the vehicle's history tamper-evident: if a recorded entry were changed afterwards, its hash would no longer match, and anyone checking the history would see it.",
        },
        { kind: 'button', label: 'Go to your dashboard', url: siteLink(context, '/garage') },
        { kind: 'link', label: `View the public history of ${input.registration}`, url: siteLink(context, '/vehicle-results', { reg: input.registration }) },
        { kind: 'link', label: 'How anyone can check a vehicle history', url: siteLink(context, '/verify-records') },
      ],
      reason: `You are receiving this email because your garage logged a service record on ${BRAND_NAME}.`,
    },
    context,
  );
}
