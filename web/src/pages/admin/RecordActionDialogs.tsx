import { ZWithdrawServiceRecordRequestSchema } from '@sh/shared/contract';
import { withdrawServiceRecord } from '../../api/admin';
import { NumberPlate } from '../../components/NumberPlate';
import { messageOf } from '../../lib/error-message';
import { formatServiceDate } from '../../lib/format';
import { EditRecordModal } from './EditRecordModal';
import { EraseRecordFieldsModal } from './EraseRecordFieldsModal';
import { ReasonModal } from './ReasonModal';
import type { TRecordActions } from './use-record-actions';

/**
 * The dialogs of the record actions, for /admin and /admin/records alike: the edit dialog, the erasure of personal
 * fields, and the withdrawal's confirmation that asks why. `deleteFailed` is the page's message for a failed delete
 * (docs/product.md#service-record-manager).
 */
export function RecordActionDialogs({ actions, deleteFailed }: { actions: TRecordActions; deleteFailed: string }) {
  if (actions.editing)
    return <EditRecordModal record={actions.editing} onSaved={actions.saved} onClose={actions.close} />;
  if (actions.erasing)
    return <EraseRecordFieldsModal record={actions.erasing} onErased={actions.erased} onClose={actions.close} />;
  const record = actions.withdrawing;
  if (!record) return null;
  return (
    <ReasonModal
      title="Delete service record"
      description={
        <p>
          The {record.service_type} of {formatServiceDate(record.service_date)} for{' '}
          <NumberPlate registration={record.vehicle_registration} size="sm" /> leaves the public lookup and the garage’s
          list. Its history keeps it, with your reason.
        </p>
      }
      reasonLabel="Reason for deleting"
      confirmLabel="Delete record"
      busyLabel="Deleting..."
      schema={ZWithdrawServiceRecordRequestSchema}
      failureMessage={(error) => messageOf(error, deleteFailed)}
      onConfirm={(reason) => withdrawServiceRecord(record.id, reason)}
      onDone={actions.withdrawn}
      onClose={actions.close}
    />
  );
}
