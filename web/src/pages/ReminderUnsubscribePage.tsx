import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MESSAGES } from '@sh/shared/contract';
import { readReminderSubscription, unsubscribeServiceReminder } from '../api/reminders';
import { AuthShell } from '../components/AuthShell';
import { FormAlert } from '../components/FormAlert';
import { messageOf } from '../lib/error-message';
import { useApiData } from '../lib/use-api-data';
import { useDocumentTitle } from '../lib/use-document-title';
import { REMINDER_WORDS } from './reminder-words';

/**
 * /service-reminder/unsubscribe?token=: the unsubscribe link of a reminder mail. Opening it changes nothing; the
 * Unsubscribe button sends the same one-click POST a mail program sends (RFC 8058), with no sign-in.
 */
export function ReminderUnsubscribePage() {
  useDocumentTitle(REMINDER_WORDS.unsubscribeTitle);
  const token = useSearchParams()[0].get('token') ?? '';
  const subscription = useApiData(() => readReminderSubscription(token), [token], { isEnabled: !!token });
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const [isSending, setIsSending] = useState(false);

  const unsubscribe = () => {
    setIsSending(true);
    unsubscribeServiceReminder(token).then(
      () => setOutcome({ tone: 'success', message: REMINDER_WORDS.unsubscribed }),
      (error: unknown) => {
        setIsSending(false);
        setOutcome({ tone: 'error', message: messageOf(error) || REMINDER_WORDS.unsubscribeFailed });
      },
    );
  };

  const isSubscribed = subscription.status === 'loaded' && subscription.data.subscribed;
  return (
    <AuthShell eyebrow="Your vehicle" title={REMINDER_WORDS.unsubscribeTitle}>
      {!token ? <FormAlert tone="error">{MESSAGES.confirmEmail.invalidOrExpired}</FormAlert> : null}
      {subscription.status === 'failed' ? <FormAlert tone="error">{messageOf(subscription.error)}</FormAlert> : null}
      {subscription.status === 'loaded' && !subscription.data.subscribed && !outcome ? (
        <FormAlert tone="success">{REMINDER_WORDS.unsubscribed}</FormAlert>
      ) : null}
      {outcome ? <FormAlert tone={outcome.tone}>{outcome.message}</FormAlert> : null}
      {isSubscribed && outcome?.tone !== 'success' ? (
        <>
          <p>
            Service reminders for {subscription.data.registration} from {subscription.data.garageName}.
          </p>
          <button type="button" className="button button--primary" disabled={isSending} onClick={unsubscribe}>
            {REMINDER_WORDS.unsubscribeButton}
          </button>
        </>
      ) : null}
    </AuthShell>
  );
}
