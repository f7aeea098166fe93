import { Link, useNavigate } from 'react-router-dom';
import { BRAND } from '../brand';
import { ComparisonSection } from '../components/ComparisonTable';
import { CtaBand } from '../components/CtaBand';
import { Field } from '../components/Field';
import { FormField } from '../components/FormField';
import {
  CheckIcon,
  ClockIcon,
  GarageIcon,
  GaugeIcon,
  SearchIcon,
  ShieldCheckIcon,
  WarningIcon,
  WrenchIcon,
} from '../components/icons';
import { PageSection } from '../components/PageSection';
import { ReasonGrid, type TReason } from '../components/ReasonGrid';
import { RegEntryBox } from '../components/RegEntryBox';
import { RegistrationInput } from '../components/RegistrationInput';
import { lookupRegistrationSchema, lookupVinSchema } from '../lib/lookup-registration';
import { buildVehicleResultsPath, buildVinResultsPath } from '../lib/registration-input';
import { useDocumentTitle } from '../lib/use-document-title';
import { useSchemaForm } from '../lib/use-schema-form';
import '../styles/landing.css';

/** Six reasons a buyer checks a car's history before handing over the money. */
const REASONS: readonly TReason[] = [
  {
    icon: GaugeIcon,
    title: 'Catch a clocked mileage',
    text: 'Every service and MOT mileage on one chart, with a flag wherever a reading goes down.',
  },
  {
    icon: ShieldCheckIcon,
    title: 'Know the servicing was done',
    text: 'Each entry is logged by the garage that did the work, not written in a book by the seller.',
  },
  {
    icon: CheckIcon,
    title: 'See every MOT test',
    text: 'Passes, failures and advisories from the DVSA, so you know what was wrong and what may be due.',
  },
  {
    icon: WarningIcon,
    title: 'Spot an outstanding recall',
    text: 'We warn you when a manufacturer’s safety recall has not been done on the car.',
  },
  {
    icon: ClockIcon,
    title: 'Check the tax and MOT dates',
    text: 'See when the MOT runs out and whether the car is taxed before you drive it away.',
  },
  {
    icon: GarageIcon,
    title: 'Keep it free',
    text: 'Paid checks cost £10 to £20 each. This report is free, needs no account and you can share or print it.',
  },
];

/**
 * /lookup, the buyers' landing page (docs/product.md#buyers-landing-page): the hero "Power to the Buyer!" with the
 * registration box, six reasons to check, what the platform is, the manual book against the digital record,
 * the lookup form, and the way on for garage owners.
 */
export function LookupPage() {
  useDocumentTitle('Check a vehicle');

  return (
    <div className="lookup-page landing">
      <section className="hero landing-hero" aria-labelledby="landing-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow eyebrow--on-dark">For buyers, sellers and owners</p>
            <h1 id="landing-title" className="hero__title">
              Power to the Buyer!
            </h1>
            <p className="hero__lead">
              Before you buy, see what the seller&apos;s paperwork won&apos;t tell you: every service logged by the
              garage that did it, every MOT test with its mileage, and the car&apos;s details, in one free report.
            </p>
            <div className="hero__actions">
              <RegEntryBox />
            </div>
            <ul className="hero__points">
              <li>
                <CheckIcon size={18} /> Free, no account needed
              </li>
              <li>
                <CheckIcon size={18} /> Services and MOT tests in one timeline
              </li>
              <li>
                <CheckIcon size={18} /> Mileage checked across every source
              </li>
            </ul>
          </div>
        </div>
      </section>

      <PageSection id="reasons-title" eyebrow="Why check" title="Six reasons to check a history before you buy">
        <ReasonGrid reasons={REASONS} />
      </PageSection>

      <PageSection
        id="landing-about-title"
        eyebrow={`About ${BRAND.name}`}
        title="A service history the seller cannot write"
        lead={`Garages log each job on ${BRAND.name} when they do it: the date, the mileage, the work and the technician. Each entry is sealed to the ones before it, so a change shows. We add the DVLA's details and the DVSA's MOT history, so a buyer sees the whole car.`}
        isTinted
      >
        <p className="landing-about__link">
          <Link to="/about">More about us</Link>
        </p>
      </PageSection>

      <ComparisonSection id="landing-compare-title" title="A stamped book against a digital record" />

      <section className="section section--tinted" aria-labelledby="lookup-title">
        <div className="container narrow">
          <h2 id="lookup-title" className="landing-lookup__title">
            Vehicle Service History Lookup
          </h2>
          <LookupForm />
          <VinLookupForm />
        </div>
      </section>

      <CtaBand
        id="garage-owner-title"
        title="Are you a garage owner?"
        text="Log your services in seconds and give your customers a history their buyers can trust."
      >
        <Link to="/pricing" className="button button--primary button--large">
          <WrenchIcon size={20} />
          See pricing
        </Link>
      </CtaBand>
    </div>
  );
}

/** The registration form: required, letters and digits only, checked before searching. */
function LookupForm() {
  const navigate = useNavigate();
  const form = useSchemaForm({
    initialValues: { registration: '' },
    schema: lookupRegistrationSchema,
    onSubmit: ({ registration }) => navigate(buildVehicleResultsPath(registration)),
  });
  const { error, ref, value, name } = form.bindField('registration');

  return (
    <form className="card lookup-form" role="search" noValidate onSubmit={form.handleSubmit}>
      <Field
        label="Registration number"
        hint="For example AB12CDE. Spaces are ignored."
        error={error}
        className="lookup-form__field"
        isErrorAnnounced
      >
        {(control) => (
          <div className="lookup-form__row">
            <RegistrationInput
              ref={ref}
              className={`plate-input${error ? ' has-error' : ''}`}
              name={name}
              value={value}
              {...control}
              onRegistrationChange={(registration) => form.setValue('registration', registration)}
            />
            <button type="submit" className="button button--primary button--large">
              <SearchIcon size={20} />
              Search
            </button>
          </div>
        )}
      </Field>
    </form>
  );
}

/**
 * The search by VIN: the whole history of a vehicle whatever plate it was logged under (a plate transfer does not
 * split it). Its own box, so that the registration's keeps its seven characters.
 */
function VinLookupForm() {
  const navigate = useNavigate();
  const form = useSchemaForm({
    initialValues: { vin: '' },
    schema: lookupVinSchema,
    onSubmit: ({ vin }) => navigate(buildVinResultsPath(vin)),
  });
  return (
    <form
      className="card lookup-form lookup-form--vin"
      role="search"
      aria-label="Search by VIN"
      noValidate
      onSubmit={form.handleSubmit}
    >
      <FormField
        label="Or search by VIN"
        hint="The 17-character vehicle identification number, on the V5C logbook and the windscreen. Finds the records of every plate the vehicle has had."
        autoComplete="off"
        spellCheck={false}
        maxLength={20}
        {...form.bindField('vin')}
        action={
          <button type="submit" className="button button--primary">
            <SearchIcon size={18} />
            Search by VIN
          </button>
        }
      />
    </form>
  );
}
