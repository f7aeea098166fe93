import type { TEventPayload } from '@sh/shared/contract';
import {
  BRAND_NAME,
  formatCalendarDate,
  formatLongDateOfIso,
  renderMail,
  siteLink,
  type ComposedMail,
  type MailContext,
} from './mail-layout.js';

export type ServiceRecordAmendedInput = Pick<
  TEventPayload<'service_record.amended'>,
  'registration' | 'garageName' | 'serviceDate' | 'changedFields' | 'reason' | 'amendedAt'
>;

/** The fields an amendment can change, as the garage reads them. */
const FIELD_LABELS: Record<string, string> = {
  service_type: 'Service type',
  notes: 'Notes',
  service_date: 'Service date',
  customer_email: 'Customer email',
  customer_phone: 'Customer phone',
};

/** The changed fields in words, e.g. "Notes, Service date"; a field we have no label for is named as it came. */
export function describeChangedFields(fields: readonly string[]): string {
  return fields.map((field) => FIELD_LABELS[field] ?? field).join(', ');
}

/**
 * The mail to the garage whose service record an admin amended: which record, which fields, why, and that the
 * original entry is kept beside the amendment (records are never rewritten).
 */
export function composeServiceRecordAmendedMail(context: MailContext, input: ServiceRecordAmendedInput): ComposedMail {
  return renderMail(
    `A service record for ${input.registration} was amended`,
    {
      preheader: `Our team amended your service record for ${input.registration}: ${input.reason}`,
      heading: 'One of your service records was amended',
      greeting: 'Hello,',
      blocks: [
        { kind: 'paragraph', text: `Our team has amended a service record your garage logged, for the reason below.` },
        {
          kind: 'details',
          rows: [
            ['Garage', input.garageName],
            ['Registration', input.registration],
            ['Service date', formatCalendarDate(input.serviceDate)],
            ['Changed', describeChangedFields(input.changedFields)],
            ['Reason', input.reason],
            ['Amended on', formatLongDateOfIso(input.amendedAt)],
          ],
        },
        {
          kind: 'paragraph',
          text: "Records are never rewritten: your original entry stays in the vehicle's tamper-evident history, followed by this amendment. The public history shows that the record was amended by the platform, when and why.",
        },
        {
          kind: 'paragraph',
          text: `If you have questions about this change, please write to ${context.supportEmail}.`,
        },
        {
          kind: 'link',
          label: `View the public history of ${input.registration}`,
          url: siteLink(context, '/vehicle-results', { reg: input.registration }),
        },
      ],
      reason: `You are receiving this email because your garage logged this service record on ${BRAND_NAME}.`,
    },
    context,
  );
}
