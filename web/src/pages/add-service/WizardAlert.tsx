import { Link } from 'react-router-dom';
import { EmailConfirmationNotice } from '../../components/EmailConfirmationNotice';
import { FormAlert } from '../../components/FormAlert';
import type { TWizardAlert } from './use-add-service-wizard';

/**
 * A wizard's or its dialog's failure; a refusal for want of a subscription links to the pricing page, one for
 * want of a confirmed e-mail address offers a new confirmation link.
 */
export function WizardAlert({ alert }: { alert: TWizardAlert | null }) {
  if (!alert) return null;
  if (alert.code === 'email_not_confirmed') {
    return (
      <EmailConfirmationNotice headingLevel={3} isAnnounced>
        {alert.message}
      </EmailConfirmationNotice>
    );
  }
  return (
    <FormAlert tone="error">
      {alert.message}
      {alert.code === 'subscription_required' ? (
        <>
          {' '}
          <Link to="/pricing">See pricing</Link>
        </>
      ) : null}
    </FormAlert>
  );
}
