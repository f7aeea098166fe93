import { DISPLAY_LOCALE, type TEventPayload } from '@sh/shared/contract';
import {
  BRAND_NAME,
  paragraph,
  renderMail,
  siteLink,
  type ComposedMail,
  type MailBlock,
  type MailContext,
} from './mail-layout.js';
import { formatCalendarDate, formatMileage } from './mail-values.js';

export type ServiceRecordReceiptInput = Pick<
  TEventPayload<'service_record.created'>,
  'registration' | 'vin' | 'serviceDate' | 'mileage' | 'serviceType' | 'signedBy' | 'hash' | 'position'
>;

/** The checkpoint of the transparency log that first covered a receipt's entry, and the entry's leaf in it. */
export interface ReceiptCheckpoint {
  leafIndex: number;
  treeSize: number;
  /** The C2SP signed note, as records signed it. */
  note: string;
}

/** Where the public API answers the log's calls, under the site's base URL (the gateway serves both). */
const LOG_API_PATH = '/api/v1/service-records/log';

/** The public address of the inclusion proof of a leaf in the tree of a checkpoint's size. */
export function inclusionProofUrl(
  context: MailContext,
  checkpoint: Pick<ReceiptCheckpoint, 'leafIndex' | 'treeSize'>,
): string {
  return siteLink(context, `${LOG_API_PATH}/proof/inclusion`, {
    leaf: String(checkpoint.leafIndex),
    size: String(checkpoint.treeSize),
  });
}

/** The mail's part about the log: the signed checkpoint that covers the entry and where its inclusion proof is. */
function checkpointBlocks(context: MailContext, checkpoint: ReceiptCheckpoint): MailBlock[] {
  const entries = new Intl.NumberFormat(DISPLAY_LOCALE).format(checkpoint.treeSize);
  return [
    paragraph(
      `The entry is also in ${BRAND_NAME}'s public log of every history entry, as leaf ${checkpoint.leafIndex}. This checkpoint of the log, signed by ${BRAND_NAME}, covers its first ${entries} entries, this one among them:`,
    ),
    { kind: 'preformatted', label: `Signed checkpoint (tree size ${checkpoint.treeSize}):`, value: checkpoint.note },
    paragraph(
      'With the inclusion proof at the link below, anyone can check that this entry is one of the entries the checkpoint covers. Keep this email: if the entry were later changed or removed from the log, that check against this checkpoint would fail.',
    ),
    { kind: 'link', label: 'Inclusion proof of this entry', url: inclusionProofUrl(context, checkpoint) },
    {
      kind: 'link',
      label: 'This checkpoint as the log publishes it',
      url: siteLink(context, `${LOG_API_PATH}/checkpoint/${checkpoint.treeSize}`),
    },
  ];
}

/**
 * The garage's receipt for a service record it has just logged: what was recorded, who signed it, where the entry
 * sits in the vehicle's hash chain, and (issue 23) the signed checkpoint of the transparency log that covers it with
 * a link to its inclusion proof, so the garage can later show the entry is unchanged. `checkpoint` is null only for a
 * record whose event predates leaf indexes in events: its mail says nothing of the log.
 */
export function composeServiceRecordReceiptMail(
  context: MailContext,
  input: ServiceRecordReceiptInput,
  checkpoint: ReceiptCheckpoint | null,
): ComposedMail {
  const serviceDate = formatCalendarDate(input.serviceDate);
  return renderMail(
    `Service record receipt: ${input.registration}`,
    {
      preheader: `Your service record for ${input.registration} on ${serviceDate} is entry ${input.position} of the vehicle's history.`,
      heading: 'Service record receipt',
      greeting: 'Hello,',
      blocks: [
        paragraph(
          `Your service record for ${input.registration} has been added to the vehicle's public service history. Please keep this email as your receipt.`,
        ),
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
        paragraph(
          "Each entry's hash also covers the entry before it, which makes the vehicle's history tamper-evident: if a recorded entry were changed afterwards, its hash would no longer match, and anyone checking the history would see it.",
        ),
        ...(checkpoint ? checkpointBlocks(context, checkpoint) : []),
        { kind: 'button', label: 'Go to your dashboard', url: siteLink(context, '/garage') },
        {
          kind: 'link',
          label: `View the public history of ${input.registration}`,
          url: siteLink(context, '/vehicle-results', { reg: input.registration }),
        },
        { kind: 'link', label: 'How anyone can check a vehicle history', url: siteLink(context, '/verify-records') },
      ],
      reason: `You are receiving this email because your garage logged a service record on ${BRAND_NAME}.`,
    },
    context,
  );
}
