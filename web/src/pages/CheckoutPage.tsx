import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { MESSAGES, type TPlanProduct } from '@sh/shared/contract';
import { useAuth } from '../auth/AuthProvider';
import { FormAlert } from '../components/FormAlert';
import { CheckList } from '../components/CheckList';
import { BackLink } from '../components/BackLink';
import { MailIcon } from '../components/icons';
import { Spinner } from '../components/Spinner';
import { SUPPORT_EMAIL } from '../brand';
import { vatNote } from '../lib/company-details';
import { formatPricePerInterval } from '../lib/format';
import { usePlans } from '../lib/use-plans';
import { useDocumentTitle } from '../lib/use-document-title';
import { GarageCheckoutAction } from './checkout/GarageCheckoutAction';

/**
 * /checkout?price_id=&canceled=: the plan about to be bought and Subscribe Now, which sends the browser to
 * Stripe's checkout. A missing or unknown price_id goes back to /pricing.
 */
export function CheckoutPage() {
  useDocumentTitle('Checkout');
  const [searchParams] = useSearchParams();
  const priceId = (searchParams.get('price_id') ?? '').trim();
  const isCanceled = searchParams.get('canceled') === 'true';
  const plans = usePlans();

  if (!priceId) return <Navigate to="/pricing" replace />;
  if (plans.status === 'loading') return <Spinner label="Loading your plan…" />;
  if (plans.status === 'failed') {
    return (
      <div className="container narrow content-body">
        <FormAlert tone="error" title="We couldn't load the plan">
          {plans.message}
        </FormAlert>
        <div className="form__actions">
          <button type="button" className="button button--primary" onClick={plans.retry}>
            Try again
          </button>
          <Link to="/pricing" className="button button--ghost">
            Back to pricing
          </Link>
        </div>
      </div>
    );
  }
  const product = plans.products.find((candidate) => candidate.priceId === priceId);
  if (!product) return <Navigate to="/pricing" replace />;
  return <Checkout product={product} isCanceled={isCanceled} />;
}

function Checkout({ product, isCanceled }: { product: TPlanProduct; isCanceled: boolean }) {
  return (
    <div className="checkout-page">
      <section className="page-hero page-hero--compact" aria-labelledby="checkout-title">
        <div className="container">
          <p className="eyebrow eyebrow--on-dark">Checkout</p>
          <h1 id="checkout-title">Start your subscription</h1>
        </div>
      </section>
      <div className="container checkout-layout">
        <article className="card checkout-summary" aria-labelledby="checkout-plan-name">
          <p className="eyebrow">Your plan</p>
          <h2 id="checkout-plan-name">{product.name}</h2>
          <p className="plan-card__description">{product.description}</p>
          <p className="checkout-summary__price">
            {formatPricePerInterval(product.price, product.currency, product.interval)}
          </p>
          <p className="plan-card__vat">Price {vatNote()}.</p>
          {product.trialDays > 0 ? (
            <p className="plan-card__trial">
              New garages start with a {product.trialDays}-day free trial. Cancel any time.
            </p>
          ) : null}
          <h3 className="checkout-summary__subtitle">Included</h3>
          <CheckList items={product.features} />
        </article>
        <aside className="card checkout-panel" aria-label="Payment">
          {isCanceled ? <FormAlert tone="info">{MESSAGES.checkout.cancelled}</FormAlert> : null}
          <CheckoutAction product={product} />
          <p className="checkout-panel__support">
            <MailIcon size={18} />
            <span>
              Questions about billing? Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
            </span>
          </p>
          <BackLink to="/pricing">Back to pricing</BackLink>
        </aside>
      </div>
    </div>
  );
}

/** The signed-in garage's way to pay (GarageCheckoutAction); otherwise what to do first. */
function CheckoutAction({ product }: { product: TPlanProduct }) {
  const auth = useAuth();

  if (auth.status === 'loading') return <Spinner label="Checking your session…" />;
  if (!auth.user) {
    return (
      <div className="checkout-panel__signin">
        <h2>Log in or sign up first</h2>
        <p>Subscriptions belong to a garage account. Log in, or register your garage, then come back to subscribe.</p>
        <div className="form__actions">
          <Link to="/login" className="button button--primary">
            Log in
          </Link>
          <Link to="/signup" className="button button--ghost">
            Sign up
          </Link>
        </div>
      </div>
    );
  }
  if (auth.user.userType !== 'garage') {
    return (
      <div className="checkout-panel__signin">
        <h2>Subscriptions are for garages</h2>
        <p>
          You are signed in as <strong>{auth.user.email}</strong>, which is not a garage account.
        </p>
      </div>
    );
  }

  return <GarageCheckoutAction product={product} email={auth.user.email} />;
}
