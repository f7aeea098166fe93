import { useEffect, useRef } from 'react';
import { MESSAGES, PAST_DUE_MESSAGES } from '@sh/shared/contract';
import { useAuth } from '../auth/AuthProvider';
import { GarageTeamOnly } from '../auth/GarageTeamOnly';
import { useSubscription } from '../auth/SubscriptionProvider';
import { FormAlert } from '../components/FormAlert';
import { BackLink } from '../components/BackLink';
import { LockIcon } from '../components/icons';
import { Spinner } from '../components/Spinner';
import { SubscribeAction } from '../components/SubscribeAction';
import { useDocumentTitle } from '../lib/use-document-title';
import { ChecklistStep } from './add-service/ChecklistStep';
import { RegistrationStep } from './add-service/RegistrationStep';
import { StepIndicator } from './add-service/StepIndicator';
import { SubmitDialog } from './add-service/SubmitDialog';
import { useAddServiceWizard } from './add-service/use-add-service-wizard';
import { VehicleStep } from './add-service/VehicleStep';
import { WizardAlert } from './add-service/WizardAlert';

/**
 * /add-service (garages): the three-step wizard of docs/product.md#adding-a-service, for a garage whose subscription is active or
 * trialing; any other garage is asked to subscribe instead.
 */
export function AddServicePage() {
  return (
    <GarageTeamOnly>
      <AddService />
    </GarageTeamOnly>
  );
}

function AddService() {
  useDocumentTitle('Add service history');
  const subscription = useSubscription();
  // A technician's garage's subscription is the owner's business: the server refuses a record it does not cover.
  const isTechnician = useAuth().user?.userType === 'technician';

  return (
    <div className="add-service-page">
      <section className="page-hero page-hero--compact" aria-labelledby="add-service-title">
        <div className="container narrow">
          <BackLink to="/garage" isOnDark>
            Back to dashboard
          </BackLink>
          <h1 id="add-service-title">Add Service History</h1>
        </div>
      </section>
      <div className="container narrow add-service-page__body">
        {isTechnician ? (
          <AddServiceWizard />
        ) : subscription.status === 'loading' ? (
          <div className="card">
            <Spinner label="Checking your subscription…" />
          </div>
        ) : subscription.hasActiveSubscription ? (
          <AddServiceWizard />
        ) : (
          <SubscribePrompt
            isPastDue={subscription.subscription?.subscription_status === 'past_due'}
            failure={subscription.status === 'failed' ? subscription.error : null}
            onRetry={() => void subscription.refresh()}
          />
        )}
      </div>
    </div>
  );
}

function AddServiceWizard() {
  const wizard = useAddServiceWizard();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(wizard.step);

  // A new step takes the focus to its heading, so keyboard and screen reader users start at its top.
  useEffect(() => {
    if (shownStep.current === wizard.step) return;
    shownStep.current = wizard.step;
    headingRef.current?.focus();
  }, [wizard.step]);

  return (
    <section className="card wizard" aria-labelledby="add-service-title">
      <StepIndicator current={wizard.step} />
      <WizardAlert alert={wizard.alert} />
      {wizard.step === 1 ? <RegistrationStep wizard={wizard} headingRef={headingRef} /> : null}
      {wizard.step === 2 ? <VehicleStep wizard={wizard} headingRef={headingRef} /> : null}
      {wizard.step === 3 ? <ChecklistStep wizard={wizard} headingRef={headingRef} /> : null}
      {wizard.isDialogOpen ? <SubmitDialog wizard={wizard} /> : null}
    </section>
  );
}

/**
 * Adding records needs an active subscription or a free trial (docs/product.md#permissions): the way on is the
 * subscription-required page, or the billing portal for a garage whose payment failed.
 */
function SubscribePrompt({
  isPastDue,
  failure,
  onRetry,
}: {
  isPastDue: boolean;
  failure: string | null;
  onRetry: () => void;
}) {
  if (failure) {
    return (
      <section className="card wizard-subscribe" aria-labelledby="subscribe-title">
        <h2 id="subscribe-title">We could not check your subscription</h2>
        <FormAlert tone="error">{failure}</FormAlert>
        <div className="form__actions">
          <button type="button" className="button button--primary" onClick={onRetry}>
            Try again
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className="card empty-state wizard-subscribe" aria-labelledby="subscribe-title">
      <LockIcon size={40} />
      <h2 id="subscribe-title">Subscribe to Add Records</h2>
      <p className="empty-state__message">
        {isPastDue ? PAST_DUE_MESSAGES.pastDueNotice : MESSAGES.records.subscriptionRequired}
      </p>
      <SubscribeAction label="See the plan" className="button button--primary" />
    </section>
  );
}
