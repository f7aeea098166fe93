import type { ReactNode } from 'react';
import type { TAdminServiceRecord } from '@sh/shared/contract';
import { hasErasableData } from './erase-record-form';
import type { TRecordActions } from './use-record-actions';

/**
 * A small action of the admin pages on one garage or record (Edit, Delete, Suspend…): its visible word, and a
 * label that names what it acts on for a screen reader. A danger button for what takes something away.
 */
export function RowActionButton({
  label,
  isDanger = false,
  onClick,
  children,
}: {
  label: string;
  isDanger?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={isDanger ? 'button button--danger button--small' : 'button button--ghost button--small'}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/**
 * A record's actions, in the records table and the service record manager's cards alike: Edit, Erase data while
 * it has personal data left to erase, and Delete. `subject` names the record in their labels.
 */
export function RecordActionButtons({
  record,
  actions,
  subject,
}: {
  record: TAdminServiceRecord;
  actions: TRecordActions;
  subject: string;
}) {
  return (
    <>
      <RowActionButton label={`Edit ${subject}`} onClick={() => actions.edit(record)}>
        Edit
      </RowActionButton>
      {hasErasableData(record) ? (
        <RowActionButton label={`Erase data from ${subject}`} onClick={() => actions.erase(record)}>
          Erase data
        </RowActionButton>
      ) : null}
      <RowActionButton label={`Delete ${subject}`} isDanger onClick={() => actions.withdraw(record)}>
        Delete
      </RowActionButton>
    </>
  );
}
