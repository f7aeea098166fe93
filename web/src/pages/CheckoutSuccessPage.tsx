import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CHECKOUT_POLL, MESSAGES, PLAN, type TGarageSubscription } from '@sh/shared/contract';
import { syncSubscription } from '../api/billing';
import { useAuth } from '../auth/AuthProvider';
import { useSubscription } from '../auth/SubscriptionProvider';
import { SUPPORT_EMAIL } from '../brand';
import { CheckIcon, MailIcon, WarningIcon } from '../components/icons';
import { Spinner } from '../components/Spinner';
import { formatUnixDate } from '../lib/format';
import { isEntitled, subscriptionStatusLabel } from '../lib/subscription';
import { useApiData, waitFor } from '../lib/use-api-data';
import { useDocumentTitle } from '../lib/use-document-title';

/** The page's three views (docs/product.md#checkout-success). */
type TVerification =
  { phase: 'processing' } | { phase: 'completed'; subscription: TGarageSubscription | null } | { phase: 'error' };

/**
 * Polls the subscription after a checkout (see pollSubscription) while `isEnabled`; completed with what the
 * last poll saw.
 */
function usePolledSubscription(sessionId: string | null, isEnabled: boolean): TVerification {
  const polled = useApiData((signal) => pollSubscription(sessionId ?? '', signal), [sessionId], {
    isEnabled: sessionId !== null && isEnabled,
  });
  return polled.status === 'loaded' ? { phase: 'completed', subscription: polled.data } : { phase: 'processing' };
}

/**
 * Waits CHECKOUT_POLL.initialWaitMs, then asks every intervalMs, at most maxPolls times; answers as soon as
 * the status is active or trialing, and after the last poll regardless. A poll that fails counts as a poll.
 */
async function pollSubscription(sessionId: string, signal: AbortSignal): Promise<TGarageSubscription | null> {
  let lastSeen: TGarageSubscription | null = null;
  for (let polls = 1; ; polls += 1) {
    await waitFor(polls === 1 ? CHECKOUT_POLL.initialWaitMs : CHECKOUT_POLL.intervalMs, signal);
    lastSeen = await syncSubscription(sessionId, { signal }).catch(() => lastSeen);
    if ((lastSeen && isEntitled(lastSeen.subscription_status)) || polls >= CHECKOUT_POLL.maxPolls) return lastSeen;
  }
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
    subscriptionContext.status === 'loaded' && subscriptionContext.hasActiveSubscription
      ? subscriptionContext.subscription
      : null;
  const canPoll = auth.userType === 'garage' && !known;
  const polled = usePolledSubscription(sessionId, canPoll);

  let verification: TVerification;
  if (!sessionId) verification = { phase: 'error' };
  else if (known) verification = { phase: 'completed', subscription: known };
  else if (auth.status === 'signed-out' || (auth.status === 'signed-in' && auth.userType !== 'garage'))
    verification = { phase: 'error' };
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
    <ResultCard title="Confirming your payment">
      <Spinner label="Processing your subscription… This usually takes a few seconds." />
    </ResultCard>
  );
}

function Completed({ subscription }: { subscription: TGarageSubscription | null }) {
  const status = subscription?.subscription_status ?? null;
  const isTrial = status === 'trialing';
  const isConfirmed = status !== null && isEntitled(status);
  const nextBilling = formatUnixDate(subscription?.current_period_end);
  return (
    <ResultCard
      tone="success"
      title={isTrial ? 'Free trial started' : 'Subscription activated'}
      lead={
        isTrial
          ? `Welcome aboard. Your ${PLAN.trialDays}-day free trial of the ${PLAN.name} has begun: you can log services straight away.`
          : `Thank you. Your ${PLAN.name} is active and you can log services straight away.`
      }
      actions={
        <>
          <Link to="/garage" className="button button--primary">
            Go to Dashboard
          </Link>
          <Link to="/" className="button button--ghost">
            Back to Home
          </Link>
        </>
      }
    >
      {!isConfirmed ? (
        <p className="result-card__note" role="status">
          We are still waiting for the payment provider to confirm your subscription. Your dashboard will update within
          a few minutes; there is no need to pay again.
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
    </ResultCard>
  );
}

function NoSession() {
  const [title, detail] = MESSAGES.checkoutSuccess.noSession.split(' / ');
  return <ResultCard tone="error" title={title ?? ''} lead={detail} actions={<PricingLink label="View Pricing" />} />;
}

function VerificationIssue() {
  return (
    <ResultCard
      tone="error"
      title={MESSAGES.checkoutSuccess.verificationIssue}
      lead="We could not confirm your subscription from this page."
      actions={
        <>
          <PricingLink label="Back to pricing" />
          <a href={`mailto:${SUPPORT_EMAIL}`} className="button button--ghost">
            <MailIcon size={18} />
            {SUPPORT_EMAIL}
          </a>
        </>
      }
    >
      <ul className="advice-list">
        <li>Check your email for a receipt or a trial confirmation from us.</li>
        <li>If you have been charged but your account does not show a subscription, contact our support team.</li>
        <li>If you were not charged, log in to your garage account and try again from the pricing page.</li>
      </ul>
    </ResultCard>
  );
}

function PricingLink({ label }: { label: string }) {
  return (
    <Link to="/pricing" className="button button--primary">
      {label}
    </Link>
  );
}

/** The page's one card: an icon for an outcome (a failure is announced at once), the title, the lead line, details, the ways on. */
function ResultCard({
  tone,
  title,
  lead,
  actions,
  children,
}: {
  tone?: 'success' | 'error';
  title: string;
  lead?: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="card result-card" aria-labelledby="result-title" role={tone === 'error' ? 'alert' : undefined}>
      {tone ? (
        <span className={`result-panel__icon result-panel__icon--${tone}`}>
          {tone === 'success' ? <CheckIcon size={36} /> : <WarningIcon size={36} />}
        </span>
      ) : null}
      <h1 id="result-title" className="result-card__title">
        {title}
      </h1>
      {lead ? <p className="result-card__lead">{lead}</p> : null}
      {children}
      {actions ? <div className="form__actions form__actions--center">{actions}</div> : null}
    </section>
  );
}
