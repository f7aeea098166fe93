import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CHECKOUT_POLL, MESSAGES, PLAN, type TGarageSubscription } from '@sh/shared/contract';
import { fetchSubscription } from '../api/billing';
import { useAuth } from '../auth/AuthProvider';
import { useSubscription } from '../auth/SubscriptionProvider';
import { SUPPORT_EMAIL } from '../brand';
import { CheckIcon, MailIcon, WarningIcon } from '../components/icons';
import { Spinner } from '../components/Spinner';
import { formatUnixDate } from '../lib/format';
import { isEntitled, subscriptionStatusLabel } from '../lib/subscription';
import { useDocumentTitle } from '../lib/use-document-title';

/** The page's three views (SPEC.md section 4, Checkout success). */
type TVerification =
  | { phase: 'processing' }
  | { phase: 'completed'; subscription: TGarageSubscription | null }
  | { phase: 'error' };

/**
 * Polls the subscription after a checkout: waits CHECKOUT_POLL.initialWaitMs, then asks every intervalMs,
 * at most maxPolls times. Completed as soon as the status is active or trialing, and after the last poll
 * regardless; a poll that fails counts as a poll.
 */
function usePolledSubscription(sessionId: string | null, isEnabled: boolean): TVerification {
  const [result, setResult] = useState<{ sessionId: string; subscription: TGarageSubscription | null } | null>(null);

  useEffect(() => {
    if (!sessionId || !isEnabled) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let polls = 0;
    let lastSeen: TGarageSubscription | null = null;

    async function poll() {
      polls += 1;
      try {
        lastSeen = await fetchSubscription(sessionId, { signal: controller.signal });
      } catch {
        if (controller.signal.aborted) return;
      }
      if (controller.signal.aborted) return;
      if ((lastSeen && isEntitled(lastSeen.subscription_status)) || polls >= CHECKOUT_POLL.maxPolls) {
        setResult({ sessionId: sessionId as string, subscription: lastSeen });
        return;
      }
      timer = setTimeout(() => void poll(), CHECKOUT_POLL.intervalMs);
    }

    timer = setTimeout(() => void poll(), CHECKOUT_POLL.initialWaitMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [sessionId, isEnabled]);

  if (result && result.sessionId === sessionId) return { phase: 'completed', subscription: result.subscription };
  return { phase: 'processing' };
}

/** /checkout-success?session_id=: confirms the payment and shows what the garage now has. */
export function CheckoutSuccessPage() {
  useDocumentTitle('Payment');
  const [searchParams] = useSearchParams();
  const sessionId = (searchParams.get('session_id') ?? '').trim() || null;
  const auth = useAuth();
  const subscriptionContext = useSubscription();

  // The subscription context may already know (the webhook was quick): completed without polling.
  const known =
    subscriptionContext.status === 'loaded' && subscriptionContext.hasActiveSubscription ? subscriptionContext.subscription : null;
  const canPoll = auth.userType === 'garage' && !known;
  const polled = usePolledSubscription(sessionId, canPoll);

  let verification: TVerification;
  if (!sessionId) verification = { phase: 'error' };
  else if (known) verification = { phase: 'completed', subscription: known };
  else if (auth.status === 'signed-out' || (auth.status === 'signed-in' && auth.userType !== 'garage')) verification = { phase: 'error' };
  else verification = polled;

  // Once confirmed by polling, the rest of the app learns it too (Pricing leaves the navigation).
  const { refresh } = subscriptionContext;
  const isPolledEntitled =
    polled.phase === 'completed' && polled.subscription !== null && isEntitled(polled.subscription.subscription_status);
  useEffect(() => {
    if (isPolledEntitled) void refresh();
  }, [isPolledEntitled, refresh]);

  return (
    <div className="container narrow content-body checkout-result">
      {verification.phase === 'processing' ? <Processing /> : null}
      {verification.phase === 'completed' ? <Completed subscription={verification.subscription} /> : null}
      {verification.phase === 'error' && !sessionId ? <NoSession /> : null}
      {verification.phase === 'error' && sessionId ? <VerificationIssue /> : null}
    </div>
  );
}

function Processing() {
  return (
    <section className="card result-card" aria-labelledby="result-title">
      <h1 id="result-title" className="result-card__title">
        Confirming your payment
      </h1>
      <Spinner label="Processing your subscription… This usually takes a few seconds." />
    </section>
  );
}

function Completed({ subscription }: { subscription: TGarageSubscription | null }) {
  const status = subscription?.subscription_status ?? null;
  const isTrial = status === 'trialing';
  const isConfirmed = status !== null && isEntitled(status);
  const nextBilling = formatUnixDate(subscription?.current_period_end);
  return (
    <section className="card result-card" aria-labelledby="result-title">
      <span className="result-panel__icon result-panel__icon--success">
        <CheckIcon size={36} />
      </span>
      <h1 id="result-title" className="result-card__title">
        {isTrial ? 'Free trial started' : 'Subscription activated'}
      </h1>
      <p className="result-card__lead">
        {isTrial
          ? `Welcome aboard. Your ${PLAN.trialDays}-day free trial of the ${PLAN.name} has begun: you can log services straight away.`
          : `Thank you. Your ${PLAN.name} is active and you can log services straight away.`}
      </p>
      {!isConfirmed ? (
        <p className="result-card__note" role="status">
          We are still waiting for the payment provider to confirm your subscription. Your dashboard will update within a
          few minutes; there is no need to pay again.
        </p>
      ) : null}
      <dl className="summary-list summary-list--boxed">
        <div>
          <dt>Plan</dt>
          <dd>{PLAN.name}</dd>
        </div>
        {status ? (
          <div>
            <dt>Status</dt>
            <dd>{subscriptionStatusLabel(status)}</dd>
          </div>
        ) : null}
        {nextBilling ? (
          <div>
            <dt>Next billing date</dt>
            <dd>{nextBilling}</dd>
          </div>
        ) : null}
      </dl>
      <div className="form__actions form__actions--center">
        <Link to="/garage" className="button button--primary">
          Go to Dashboard
        </Link>
        <Link to="/" className="button button--ghost">
          Back to Home
        </Link>
      </div>
    </section>
  );
}

function NoSession() {
  const [title, detail] = MESSAGES.checkoutSuccess.noSession.split(' / ');
  return (
    <section className="card result-card" aria-labelledby="result-title" role="alert">
      <span className="result-panel__icon result-panel__icon--error">
        <WarningIcon size={36} />
      </span>
      <h1 id="result-title" className="result-card__title">
        {title}
      </h1>
      <p className="result-card__lead">{detail}</p>
      <div className="form__actions form__actions--center">
        <Link to="/pricing" className="button button--primary">
          View Pricing
        </Link>
      </div>
    </section>
  );
}

function VerificationIssue() {
  return (
    <section className="card result-card" aria-labelledby="result-title" role="alert">
      <span className="result-panel__icon result-panel__icon--error">
        <WarningIcon size={36} />
      </span>
      <h1 id="result-title" className="result-card__title">
        {MESSAGES.checkoutSuccess.verificationIssue}
      </h1>
      <p className="result-card__lead">We could not confirm your subscription from this page.</p>
      <ul className="advice-list">
        <li>Check your email for a receipt or a trial confirmation from us.</li>
        <li>If you have been charged but your account does not show a subscription, contact our support team.</li>
        <li>If you were not charged, log in to your garage account and try again from the pricing page.</li>
      </ul>
      <div className="form__actions form__actions--center">
        <Link to="/pricing" className="button button--primary">
          Back to pricing
        </Link>
        <a href={`mailto:${SUPPORT_EMAIL}`} className="button button--ghost">
          <MailIcon size={18} />
          {SUPPORT_EMAIL}
        </a>
      </div>
    </section>
  );
}
