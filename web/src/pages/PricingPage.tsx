import { useNavigate } from 'react-router-dom';
import { PLAN, type TPlanProduct } from '@sh/shared/contract';
import { useAuth } from '../auth/AuthProvider';
import { useSubscription } from '../auth/SubscriptionProvider';
import { Accordion, type TAccordionItem } from '../components/Accordion';
import { FormAlert } from '../components/FormAlert';
import { CheckList } from '../components/CheckList';
import { ArrowRightIcon, ClockIcon, ShieldCheckIcon, StarIcon } from '../components/icons';
import { HeroPage } from '../components/HeroPage';
import { ReasonGrid } from '../components/ReasonGrid';
import { Spinner } from '../components/Spinner';
import { resolveGetStartedPath } from '../lib/checkout';
import { vatNote } from '../lib/company-details';
import { formatPrice } from '../lib/format';
import { usePlans } from '../lib/use-plans';
import { useDocumentTitle } from '../lib/use-document-title';

const price = formatPrice(PLAN.amountMinor, PLAN.currency);

const BENEFITS = [
  {
    icon: StarIcon,
    title: 'Your name on your work',
    text: 'Every record you log names your garage, so owners and buyers see who looked after the car.',
  },
  {
    icon: ClockIcon,
    title: 'Cut the paperwork',
    text: 'Log a service from the workshop on any phone, tablet or PC, and download all your records as CSV or JSON whenever you like.',
  },
  {
    icon: ShieldCheckIcon,
    title: 'Give buyers confidence',
    text: 'Each record is sealed when you log it, so a buyer can check that the history was not written the week before the sale.',
  },
] as const;

const FAQ: TAccordionItem[] = [
  {
    id: 'trial',
    title: 'Is there a free trial?',
    content: (
      <p>
        Yes. New garages get a {PLAN.trialDays}-day free trial. You enter a card at checkout and the first payment of{' '}
        {price} is taken when the trial ends; cancel before then and you pay nothing.
      </p>
    ),
  },
  {
    id: 'cancel',
    title: 'Can I cancel at any time?',
    content: (
      <p>
        Yes, there is no contract. Cancel from the Billing section of your account page. Your plan stays active until
        the end of the month you have paid for; part months are not refunded.
      </p>
    ),
  },
  {
    id: 'records-after-cancel',
    title: 'What happens to my records if I cancel?',
    content: (
      <p>
        They stay on the vehicles’ histories and remain visible to owners and buyers. You will not be able to add new
        records until you subscribe again.
      </p>
    ),
  },
  {
    id: 'limits',
    title: 'Is there a limit on how many services I can log?',
    content: (
      <p>No. The plan includes unlimited service entries and public vehicle searches, for one flat monthly price.</p>
    ),
  },
  {
    id: 'payment',
    title: 'How do I pay?',
    content: (
      <p>
        By debit or credit card through our payment provider, Stripe. You are billed monthly in advance on the same date
        each month, and you can change your card at any time from your account page.
      </p>
    ),
  },
];

/** /pricing: the plan from the catalogue, Get Started by the three rules of docs/product.md#pricing-and-checkout, benefits and a short FAQ. */
export function PricingPage() {
  useDocumentTitle('Pricing');
  const plans = usePlans();

  return (
    <>
      <HeroPage
        isWide
        isCompact
        eyebrow="Pricing"
        title="One plan, everything included"
        lead={`Unlimited service records for ${price} a month (${vatNote()}), with a ${PLAN.trialDays}-day free trial. No contract: cancel any time.`}
      >
        <div className="pricing-plan">
          {plans.status === 'loading' ? <Spinner label="Loading the plan…" /> : null}
          {plans.status === 'failed' ? (
            <div className="pricing-plan__failed">
              <FormAlert tone="error" title="We couldn't load the plan">
                {plans.message}
              </FormAlert>
              <button type="button" className="button button--primary" onClick={plans.retry}>
                Try again
              </button>
            </div>
          ) : null}
          {plans.status === 'loaded'
            ? plans.products
                .slice(0, 1)
                .map((product) => <PlanCard key={product.priceId} product={product} products={plans.products} />)
            : null}
        </div>

        <section aria-labelledby="benefits-title">
          <h2 id="benefits-title" className="visually-hidden">
            Why garages subscribe
          </h2>
          <ReasonGrid reasons={BENEFITS} className="pricing-benefits" />
        </section>

        <section className="pricing-faq" aria-labelledby="pricing-faq-title">
          <h2 id="pricing-faq-title">Frequently asked questions</h2>
          <Accordion items={FAQ} headingLevel={3} />
        </section>
      </HeroPage>
    </>
  );
}

function PlanCard({ product, products }: { product: TPlanProduct; products: readonly TPlanProduct[] }) {
  const auth = useAuth();
  const subscription = useSubscription();
  const navigate = useNavigate();
  const isDeciding = auth.status === 'loading' || subscription.status === 'loading';

  return (
    <article className="card plan-card" aria-labelledby="plan-name">
      <p className="eyebrow">For garages</p>
      <h2 id="plan-name" className="plan-card__name">
        {product.name}
      </h2>
      <p className="plan-card__description">{product.description}</p>
      <p className="plan-card__price">
        <span className="plan-card__amount">{formatPrice(product.price, product.currency)}</span>
        <span className="plan-card__interval">per {product.interval}</span>
      </p>
      <p className="plan-card__vat">Price {vatNote()}.</p>
      {product.trialDays > 0 ? (
        <p className="plan-card__trial">{product.trialDays}-day free trial · cancel any time</p>
      ) : null}
      <CheckList items={product.features} label="Included in the plan" />
      <button
        type="button"
        className="button button--primary button--large plan-card__cta"
        disabled={isDeciding}
        onClick={() =>
          navigate(
            resolveGetStartedPath({
              isSignedIn: auth.isAuthenticated,
              hasActiveSubscription: subscription.hasActiveSubscription,
              products,
            }),
          )
        }
      >
        Get Started
        <ArrowRightIcon size={18} />
      </button>
    </article>
  );
}
