import { Link } from 'react-router-dom';
import { FormAlert } from '../../components/FormAlert';
import type { TWizardAlert } from './use-add-service-wizard';

/** A wizard's or its dialog's failure; a refusal for want of a subscription links to the pricing page. */
export function WizardAlert({ alert }: { alert: TWizardAlert | null }) {
  if (!alert) return null;
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
