import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { TLinkOutcome } from '../lib/use-link-token';
import { ResultPanel } from './ResultPanel';
import { Spinner } from './Spinner';

/**
 * The body of an e-mailed single-use link's page (see useLinkToken): a spinner while the link is checked,
 * then its outcome: success with any detail, or the error with a way to help; both lead on to the login page.
 */
export function LinkOutcome({
  outcome,
  pendingLabel,
  successDetail,
}: {
  outcome: TLinkOutcome | null;
  pendingLabel: string;
  successDetail?: ReactNode;
}) {
  if (!outcome) return <Spinner label={pendingLabel} />;
  const toLogin = (
    <Link to="/login" className="button button--primary">
      Go to Login
    </Link>
  );
  if (outcome.kind === 'success') {
    return (
      <ResultPanel tone="success" lead={outcome.message} actions={toLogin}>
        {successDetail}
      </ResultPanel>
    );
  }
  return (
    <ResultPanel
      tone="error"
      lead={outcome.message}
      actions={
        <>
          {toLogin}
          <Link to="/support" className="button button--ghost">
            Get help
          </Link>
        </>
      }
    />
  );
}
