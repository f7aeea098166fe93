import { useState } from 'react';
import { ERASURE_MESSAGES, type TAdminServiceRecord, ADMIN_ACTION_MESSAGES } from '@sh/shared/contract';
import { useActionNotice } from './ActionNotice';
import { hasErasableData } from './erase-record-form';

/**
 * The edit, withdraw and erase actions on a list of records: which record's dialog is open, the records as the
 * server answered after an amendment, a withdrawal or an erasure (shown in place of the list's copy, so the list
 * does not reload and the focus stays where it was), and the notice of what was done.
 */
export function useRecordActions() {
  const [changed, setChanged] = useState<Readonly<Record<string, TAdminServiceRecord>>>({});
  const [editing, setEditing] = useState<TAdminServiceRecord | null>(null);
  const [withdrawing, setWithdrawing] = useState<TAdminServiceRecord | null>(null);
  const [erasing, setErasing] = useState<TAdminServiceRecord | null>(null);
  const { notice, say } = useActionNotice();

  function keep(record: TAdminServiceRecord, text: string, isFocused: boolean) {
    setChanged((current) => ({ ...current, [record.id]: record }));
    say(text, isFocused);
  }

  return {
    /** The record as it now reads: the server's answer to an action on it, else the list's copy. */
    latest: (record: TAdminServiceRecord) => changed[record.id] ?? record,
    editing,
    withdrawing,
    erasing,
    notice,
    edit: (record: TAdminServiceRecord) => setEditing(record),
    withdraw: (record: TAdminServiceRecord) => setWithdrawing(record),
    erase: (record: TAdminServiceRecord) => setErasing(record),
    close: () => {
      setEditing(null);
      setWithdrawing(null);
      setErasing(null);
    },
    saved: (record: TAdminServiceRecord) => {
      setEditing(null);
      keep(record, ADMIN_ACTION_MESSAGES.recordAmended, false);
    },
    // The Delete button goes with the withdrawal, so the notice takes the focus.
    withdrawn: (record: TAdminServiceRecord) => {
      setWithdrawing(null);
      keep(record, ADMIN_ACTION_MESSAGES.recordWithdrawn, true);
    },
    // An erased record keeps its Erase button while something is left to erase: the focus goes back to it.
    erased: (record: TAdminServiceRecord) => {
      setErasing(null);
      keep(record, ERASURE_MESSAGES.recordErased, !hasErasableData(record));
    },
  };
}

export type TRecordActions = ReturnType<typeof useRecordActions>;
