import { Link } from 'react-router-dom';
import { ComparisonSection } from '../../components/ComparisonTable';
import { CtaBand } from '../../components/CtaBand';
import { LockIcon, ShieldCheckIcon, UploadIcon } from '../../components/icons';
import { PageSection } from '../../components/PageSection';
import { BRAND } from '../../brand';

const STEPS = [
  {
    title: 'Upload',
    icon: UploadIcon,
    text: 'After each job the garage logs the service against the registration and VIN: the work done, the date, the mileage and the technician.',
  },
  {
    title: 'Encrypted',
    icon: LockIcon,
    text: 'The entry travels over an encrypted connection and is sealed with a time stamp and a cryptographic fingerprint linked to the car’s earlier entries.',
  },
  {
    title: 'Verify',
    icon: ShieldCheckIcon,
    text: 'Anyone can enter the registration and see the history for free, with a warning if a mileage is lower than an earlier record.',
  },
] as const;

/**
 * Where the data comes from (issue 26): the public sources the report and the signup read, named as sources and not as
 * partners, since none of them endorses us. Real garages are named here only once they agree to it.
 */
const SOURCES = [
  { name: 'DVLA', what: "The vehicle's make, colour, tax and MOT dates, on the vehicle report." },
  { name: 'DVSA', what: 'MOT test results, with their mileage readings, and outstanding recalls.' },
  { name: 'Companies House', what: "A garage's company number, checked when the garage registers." },
] as const;

/** Home below the hero: where the data comes from, how it works, the manual/digital comparison and the garages' band. */
export function HomeSections() {
  return (
    <>
      <section className="sources" aria-labelledby="sources-title">
        <div className="container">
          <h2 id="sources-title" className="sources__title">
            Where the data comes from
          </h2>
          <p className="sources__lead">
            Service records are logged by the garages that did the work. Alongside them we show what these public
            sources hold; they are sources, not partners, and do not endorse {BRAND.name}.
          </p>
          <ul className="sources__list">
            {SOURCES.map((source) => (
              <li key={source.name}>
                <strong data-organisation>{source.name}</strong>
                <span>{source.what}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <PageSection id="how-title" eyebrow="How it works" title="From the workshop to the buyer in three steps">
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="step">
              <span className="step__icon">
                <step.icon size={28} />
              </span>
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="step__title">{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </PageSection>

      <ComparisonSection id="compare-title" title="Why a stamped book is no longer enough" isTinted />

      <CtaBand
        id="cta-title"
        title="Run a garage?"
        text="Give your customers a service history they can prove, and win the trust of their buyers."
      >
        <Link to="/garages" className="button button--primary button--large">
          Why garages join
        </Link>
        <Link to="/pricing" className="button button--ghost button--large">
          See pricing
        </Link>
      </CtaBand>
    </>
  );
}
