import { Link } from 'react-router-dom';
import { ComparisonSection } from '../../components/ComparisonTable';
import { CtaBand } from '../../components/CtaBand';
import { LockIcon, ShieldCheckIcon, UploadIcon } from '../../components/icons';
import { PageSection } from '../../components/PageSection';
import { PartnerLogos } from '../../components/PartnerLogos';

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

/** Home below the hero: partners, how it works, the manual/digital comparison and the garages' band. */
export function HomeSections() {
  return (
    <>
      <section className="partners" aria-labelledby="partners-title">
        <div className="container">
          <h2 id="partners-title" className="partners__title">
            Working with garages, parts suppliers and fleets across the UK
          </h2>
          <PartnerLogos />
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
