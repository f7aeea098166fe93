import { useState } from 'react';
import { MESSAGES, type TAdminServiceRecord } from '@sh/shared/contract';
import { useActionNotice } from './ActionNotice';

/**
 * The edit and withdraw actions on a list of records: which record's dialog is open, the records as the server
 * answered after an amendment or a withdrawal (shown in place of the list's copy, so the list does not reload
 * and the focus stays where it was), and the notice of what was done.
 */
export function useRecordActions() {
  const [changed, setChanged] = useState<Readonly<Record<string, TAdminServiceRecord>>>({});
  const [editing, setEditing] = useState<TAdminServiceRecord | null>(null);
  const [withdrawing, setWithdrawing] = useState<TAdminServiceRecord | null>(null);
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
    notice,
    edit: (record: TAdminServiceRecord) => setEditing(record),
    withdraw: (record: TAdminServiceRecord) => setWithdrawing(record),
    close: () => {
      setEditing(null);
      setWithdrawing(null);
    },
    saved: (record: TAdminServiceRecord) => {
      setEditing(null);
      keep(record, MESSAGES.adminActions.recordAmended, false);
    },
    // The Delete button goes with the withdrawal, so the notice takes the focus.
    withdrawn: (record: TAdminServiceRecord) => {
      setWithdrawing(null);
      keep(record, MESSAGES.adminActions.recordWithdrawn, true);
    },
  };
}

export type TRecordActions = ReturnType<typeof useRecordActions>;
