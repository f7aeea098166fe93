import { Link } from 'react-router-dom';
import { PLAN } from '@sh/shared/contract';
import { GarageCallbackForm } from '../components/GarageCallbackForm';
import { CheckList } from '../components/CheckList';
import { CtaBand } from '../components/CtaBand';
import {
  ClockIcon,
  GarageIcon,
  LockIcon,
  SearchIcon,
  ShieldCheckIcon,
  StarIcon,
  UploadIcon,
} from '../components/icons';
import { PageSection } from '../components/PageSection';
import { ReasonGrid } from '../components/ReasonGrid';
import { vatNote } from '../lib/company-details';
import { formatPrice } from '../lib/format';
import { PlatformFigures } from './garages/PlatformFigures';
import { useDocumentTitle } from '../lib/use-document-title';

const REASONS = [
  {
    icon: StarIcon,
    title: 'Show the work you did',
    text: 'Customers can see exactly what you did, and when. Your garage’s name and address appear on every record you log, linked to your own page with your logo, opening hours and services.',
  },
  {
    icon: ClockIcon,
    title: 'Spend less time on paperwork',
    text: 'Log a service from the workshop: registration, mileage and a checklist of the work. No stamps, no lost books, no phone calls chasing old invoices.',
  },
  {
    icon: ShieldCheckIcon,
    title: 'Records that stand up',
    text: 'Every entry is time-stamped and sealed when you submit it, so buyers know a history was not written the week before the sale.',
  },
  {
    icon: SearchIcon,
    title: 'Seen by the buyers of tomorrow',
    text: 'When your customer sells the car, the buyer sees a history that names your garage. That is marketing you do not pay for twice.',
  },
  {
    icon: LockIcon,
    title: 'Your data stays yours',
    text: 'Customer contact details are never shown publicly. Download every record you have logged, with its receipt, as CSV or JSON from your dashboard whenever you like; your records stay on the vehicles’ histories even if you cancel.',
  },
  {
    icon: UploadIcon,
    title: 'Works with how you already work',
    text: 'Nothing to install. Use any phone, tablet or workshop PC. Unlimited records for one flat monthly price.',
  },
] as const;

/**
 * /garages: why a garage should join (docs/product.md#information-pages), the platform's figures as records counts
 * them, the "Are you a garage owner?" block with the Add My Garage callback form, and a link to pricing.
 */
export function GaragesPage() {
  useDocumentTitle('For garages');
  const price = formatPrice(PLAN.amountMinor, PLAN.currency);

  return (
    <>
      <section className="page-hero" aria-labelledby="garages-title">
        <div className="container page-hero__inner">
          <div>
            <p className="eyebrow eyebrow--on-dark">For independent garages and dealer workshops</p>
            <h1 id="garages-title">Turn every service into proof of your good work</h1>
            <p className="page-hero__lead">
              Log services digitally against the registration, give owners a history they can show any buyer, and let
              your workmanship speak for itself.
            </p>
            <div className="page-hero__actions">
              <Link to="/pricing" className="button button--primary button--large">
                See pricing
              </Link>
              <Link to="/getting-started" className="button button--outline-light button--large">
                How to get started
              </Link>
            </div>
          </div>
          <GarageIcon className="page-hero__art" size={160} strokeWidth={0.9} />
        </div>
      </section>

      <PlatformFigures />

      <PageSection id="why-title" eyebrow="Why join" title="Built for the way garages really work">
        <ReasonGrid reasons={REASONS} />
      </PageSection>

      <section id="add-my-garage" className="section section--tinted" aria-labelledby="callback-title">
        <div className="container callback">
          <div className="callback__intro">
            <p className="eyebrow">Add My Garage</p>
            <h2 id="callback-title">Are you a garage owner?</h2>
            <p className="section__lead">
              Leave your details and a member of our team will call you back at a time that suits you, answer your
              questions and help you get your garage set up.
            </p>
            <CheckList
              items={[
                'No obligation, and we call at the time that suits you',
                `A ${PLAN.trialDays}-day free trial when you are ready to start`,
                'Talk it through with our team before you sign up',
              ]}
            />
            <p className="callback__self-serve">
              Prefer to do it yourself? <Link to="/signup">Register your garage</Link> in a few minutes.
            </p>
          </div>
          <div className="card callback__card">
            <h3 id="callback-form-title" className="callback__card-title">
              Request a callback
            </h3>
            <GarageCallbackForm titleId="callback-form-title" />
          </div>
        </div>
      </section>

      <CtaBand
        id="garage-cta-title"
        title={`One plan, ${price} a month (${vatNote()})`}
        text={`Unlimited service records, a ${PLAN.trialDays}-day free trial, and no contract: cancel any time.`}
      >
        <Link to="/pricing" className="button button--primary button--large">
          View pricing
        </Link>
      </CtaBand>
    </>
  );
}
