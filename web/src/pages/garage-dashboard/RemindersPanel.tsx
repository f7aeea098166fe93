import { useState } from 'react';
import { type TReminderBasis } from '@sh/shared/contract';
import { fetchGarageReminders, saveGarageReminderBasis } from '../../api/reminders';
import { messageOf } from '../../lib/error-message';
import { useApiData } from '../../lib/use-api-data';
import { REMINDER_WORDS } from '../reminder-words';
import { formatWholeNumber } from '../../lib/format';

/**
 * The garage's service reminders (docs/product.md#service-reminders): how many were sent, how many customers opted
 * in (never who), and what a reminder is due from. Loaded lazily.
 */
export function RemindersPanel() {
  const reminders = useApiData((signal) => fetchGarageReminders(signal), []);
  const [note, setNote] = useState<string | null>(null);

  const choose = (basis: TReminderBasis) => {
    setNote(null);
    saveGarageReminderBasis(basis).then(
      () => {
        setNote(REMINDER_WORDS.settingsSaved);
        reminders.retry();
      },
      (error: unknown) => setNote(messageOf(error) || REMINDER_WORDS.settingsFailed),
    );
  };

  return (
    <section className="log-panel" aria-labelledby="reminders-panel-title">
      <h2 id="reminders-panel-title">Service reminders</h2>
      <p className="log-panel__lead">
        Customers whose email you give can ask, from their service email, for one reminder when the vehicle is due.
      </p>
      {reminders.status === 'failed' ? <p role="status">{messageOf(reminders.error)}</p> : null}
      {reminders.status === 'loaded' ? (
        <>
          <p role="status">
            {formatWholeNumber(reminders.data.sent)} reminders sent · {formatWholeNumber(reminders.data.optedIn)}{' '}
            customers opted in
          </p>
          <label className="field">
            <span>Remind customers</span>
            <select value={reminders.data.basis} onChange={(event) => choose(event.target.value as TReminderBasis)}>
              <option value="service">11 months after the service</option>
              <option value="mot">a month before the MOT expires</option>
            </select>
          </label>
          {note ? <p role="status">{note}</p> : null}
        </>
      ) : null}
    </section>
  );
}
