import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MESSAGES } from '@sh/shared/contract';
import { confirmServiceReminder } from '../api/reminders';
import { AuthShell } from '../components/AuthShell';
import { FormAlert } from '../components/FormAlert';
import { messageOf } from '../lib/error-message';
import { formatServiceDate } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';
import { REMINDER_WORDS } from './reminder-words';

type TState = { kind: 'idle' | 'sending' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/**
 * /service-reminder?token=: the link in the customer's service-recorded mail. Nothing is set up by opening it (never
 * pre-ticked): the customer chooses "Remind me" (docs/product.md#service-reminders).
 */
export function ServiceReminderPage() {
  useDocumentTitle(REMINDER_WORDS.optInTitle);
  const token = useSearchParams()[0].get('token') ?? '';
  const [state, setState] = useState<TState>({ kind: 'idle' });

  const remindMe = () => {
    setState({ kind: 'sending' });
    confirmServiceReminder(token).then(
      (answer) => {
        const template =
          answer.dueFrom === 'service_no_mot_expiry' ? REMINDER_WORDS.optedInNoMot : REMINDER_WORDS.optedIn;
        setState({ kind: 'done', message: template.replace('{date}', formatServiceDate(answer.dueDate)) });
      },
      (error: unknown) => setState({ kind: 'failed', message: messageOf(error) || REMINDER_WORDS.optInFailed }),
    );
  };

  return (
    <AuthShell eyebrow="Your vehicle" title={REMINDER_WORDS.optInTitle}>
      {!token ? <FormAlert tone="error">{MESSAGES.confirmEmail.invalidOrExpired}</FormAlert> : null}
      {state.kind === 'done' ? (
        <FormAlert tone="success">{state.message}</FormAlert>
      ) : (
        <>
          <p>{REMINDER_WORDS.optInExplain}</p>
          {state.kind === 'failed' ? <FormAlert tone="error">{state.message}</FormAlert> : null}
          <button
            type="button"
            className="button button--primary"
            disabled={!token || state.kind === 'sending'}
            onClick={remindMe}
          >
            {REMINDER_WORDS.optInButton}
          </button>
        </>
      )}
    </AuthShell>
  );
}
