import { Link } from 'react-router-dom';
import { MESSAGES } from '@sh/shared/contract';
import { undoEmailChange } from '../api/identity';
import { AuthShell } from '../components/AuthShell';
import { LinkOutcome } from '../components/LinkOutcome';
import { messageOf } from '../lib/error-message';
import { useDocumentTitle } from '../lib/use-document-title';
import { useLinkToken, type TLinkOutcome } from '../lib/use-link-token';

/** A link that lost its token on the way (cut short by the mail program, say). */
export const UNDO_LINK_INCOMPLETE =
  'This link is incomplete. Please open the whole link from the email we sent to your previous address.';

async function undo(token: string): Promise<TLinkOutcome> {
  const answer = await undoEmailChange(token);
  return { kind: 'success', message: answer.message ?? MESSAGES.identity.emailChangeUndone };
}

/**
 * /undo-email-change?token=: the link mailed to the old address when a user's e-mail changed. It puts the
 * old address back and signs the user out everywhere: a spinner, then the server's message with the way to
 * log in (and to reset the password, for a change the user did not make), or the error.
 */
export function UndoEmailChangePage() {
  useDocumentTitle('Undo email change');
  const outcome = useLinkToken({
    scope: 'undo-email-change',
    missingTokenMessage: UNDO_LINK_INCOMPLETE,
    redeem: undo,
    failureMessage: (error) => messageOf(error),
  });

  return (
    <AuthShell eyebrow="Your account" title="Undo email change">
      <LinkOutcome
        outcome={outcome}
        pendingLabel="Restoring your previous email address…"
        successDetail={
          <p>
            Did not change your email yourself? <Link to="/forgot-password">Reset your password</Link> before you log
            in.
          </p>
        }
      />
    </AuthShell>
  );
}
