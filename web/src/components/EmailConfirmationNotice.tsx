import { useState, type ReactNode } from 'react';
import { MESSAGES } from '@sh/shared/contract';
import { resendEmailConfirmation } from '../api/identity';
import { messageOf } from '../lib/error-message';
import { FormAlert } from './FormAlert';
import { MailIcon } from './icons';

/** The notice's title, as every page words it. */
const TITLE = 'Please confirm your email address';

/**
 * Asks the signed-in user to confirm their e-mail address, with Resend confirmation email and how that went.
 * `isAnnounced` reads the title and text out as soon as they appear (the server refused something for want
 * of a confirmed address); a notice the page shows on load is not. `headingLevel` fits the page's outline.
 */
export function EmailConfirmationNotice({
  children,
  headingLevel = 2,
  isAnnounced = false,
  className,
}: {
  children: ReactNode;
  headingLevel?: 2 | 3;
  isAnnounced?: boolean;
  className?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={`notice notice--info email-notice${className ? ` ${className}` : ''}`}>
      <MailIcon size={22} />
      <div className="email-notice__body">
        <div className="email-notice__text" role={isAnnounced ? 'alert' : undefined}>
          <Heading className="notice__title">{TITLE}</Heading>
          <p>{children}</p>
        </div>
        <ResendConfirmationButton />
      </div>
    </div>
  );
}

/** Resend confirmation email: a new link to the signed-in user's address, and the server's word on it. */
function ResendConfirmationButton() {
  const [feedback, setFeedback] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const [isSending, setIsSending] = useState(false);

  async function resend() {
    setIsSending(true);
    setFeedback(null);
    try {
      const answer = await resendEmailConfirmation();
      const fallback = answer.emailConfirmed ? MESSAGES.identity.alreadyConfirmed : MESSAGES.identity.confirmationSent;
      setFeedback({ tone: 'success', message: answer.message ?? fallback });
    } catch (error) {
      setFeedback({ tone: 'error', message: messageOf(error) });
    } finally {
      setIsSending(false);
    }
  }

  return (
    <>
      {feedback ? <FormAlert tone={feedback.tone}>{feedback.message}</FormAlert> : null}
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={isSending}
        aria-busy={isSending}
        onClick={() => void resend()}
      >
        Resend confirmation email
      </button>
    </>
  );
}
