/** The mails to a garage whose service record an admin corrected: an amendment or a withdrawal. */
import type { TEventPayload } from '@sh/shared/contract';
import {
  BRAND_NAME,
  type ComposedMail,
  type MailBlock,
  type MailContext,
  paragraph,
  renderMail,
  siteLink,
} from './mail-layout.js';
import { formatCalendarDate, formatLongDateOfIso } from './mail-values.js';

export type ServiceRecordAmendedInput = Pick<
  TEventPayload<'service_record.amended'>,
  'registration' | 'garageName' | 'serviceDate' | 'changedFields' | 'reason' | 'amendedAt'
>;

export type ServiceRecordWithdrawnInput = Pick<
  TEventPayload<'service_record.withdrawn'>,
  'registration' | 'garageName' | 'serviceDate' | 'reason' | 'withdrawnAt'
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

/** What both corrections say: the record, what was done to it and why, and what it means for the record. */
interface Correction {
  record: { registration: string; garageName: string; serviceDate: string; reason: string };
  done: 'amended' | 'withdrawn';
  /** The rows between the service date and the reason (what an amendment changed). */
  changes: Array<[string, string]>;
  at: string;
  meaning: string;
  questions: string;
  more: MailBlock[];
}

function renderCorrectionMail(context: MailContext, correction: Correction): ComposedMail {
  const { record, done } = correction;
  const rows: Array<[string, string]> = [
    ['Garage', record.garageName],
    ['Registration', record.registration],
    ['Service date', formatCalendarDate(record.serviceDate)],
    ...correction.changes,
    ['Reason', record.reason],
    [`${done === 'amended' ? 'Amended' : 'Withdrawn'} on`, formatLongDateOfIso(correction.at)],
  ];
  const body = {
    preheader: `Our team ${done === 'amended' ? 'amended' : 'withdrew'} your service record for ${record.registration}: ${record.reason}`,
    heading: `One of your service records was ${done}`,
    greeting: 'Hello,',
    blocks: [
      paragraph(`Our team has ${done} a service record your garage logged, for the reason below.`),
      { kind: 'details' as const, rows },
      paragraph(correction.meaning),
      paragraph(`If you have questions about ${correction.questions}, please write to ${context.supportEmail}.`),
      ...correction.more,
    ],
    reason: `You are receiving this email because your garage logged this service record on ${BRAND_NAME}.`,
  };
  return renderMail(`A service record for ${record.registration} was ${done}`, body, context);
}

/**
 * The mail to the garage whose service record an admin amended: which record, which fields, why, and that the
 * original entry is kept beside the amendment (records are never rewritten).
 */
export function composeServiceRecordAmendedMail(context: MailContext, input: ServiceRecordAmendedInput): ComposedMail {
  return renderCorrectionMail(context, {
    record: input,
    done: 'amended',
    changes: [['Changed', describeChangedFields(input.changedFields)]],
    at: input.amendedAt,
    meaning:
      "Records are never rewritten: your original entry stays in the vehicle's tamper-evident history, followed by this amendment. The public history shows that the record was amended by the platform, when and why.",
    questions: 'this change',
    more: [
      {
        kind: 'link',
        label: `View the public history of ${input.registration}`,
        url: siteLink(context, '/vehicle-results', { reg: input.registration }),
      },
    ],
  });
}

/**
 * The mail to the garage whose service record an admin withdrew: which record and why; it leaves the public history
 * and the garage's list, while the vehicle's tamper-evident history keeps it with its withdrawal.
 */
export function composeServiceRecordWithdrawnMail(
  context: MailContext,
  input: ServiceRecordWithdrawnInput,
): ComposedMail {
  return renderCorrectionMail(context, {
    record: input,
    done: 'withdrawn',
    changes: [],
    at: input.withdrawnAt,
    meaning:
      "The record no longer appears in the vehicle's public history or on your dashboard. It is not deleted: the vehicle's tamper-evident history keeps it together with its withdrawal.",
    questions: 'this',
    more: [],
  });
}
