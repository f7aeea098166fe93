import { Link } from 'react-router-dom';
import { useSession } from '../auth/use-session';
import { CheckIcon, CrossIcon, LockIcon, ShieldCheckIcon, UploadIcon, WrenchIcon } from '../components/icons';
import { CtaBand } from '../components/CtaBand';
import { PageSection } from '../components/PageSection';
import { NumberPlate } from '../components/NumberPlate';
import { PartnerLogos } from '../components/PartnerLogos';
import { RegEntryBox } from '../components/RegEntryBox';
import { useDocumentTitle } from '../lib/use-document-title';

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

const COMPARISON = [
  { feature: 'Survives a lost or damaged service book', manual: false, digital: true },
  { feature: 'Time-stamped when the work is logged', manual: false, digital: true },
  { feature: 'Any change can be detected', manual: false, digital: true },
  { feature: 'Buyers can check it before they visit', manual: false, digital: true },
  { feature: 'Flags a mileage lower than an earlier record', manual: false, digital: true },
  { feature: 'Shows which garage did the work', manual: true, digital: true },
] as const;

/** Home: the hero with the registration box, partners, how it works and the manual/digital comparison. */
export function HomePage() {
  useDocumentTitle(null);
  const session = useSession();
  const logServicePath = session.status === 'signed-in' ? '/garage' : '/login';

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow eyebrow--on-dark">Free service history checks for UK vehicles</p>
            <h1 id="hero-title" className="hero__title">
              The Digital MOT for Your Car&apos;s Service History
            </h1>
            <p className="hero__lead">
              Every service logged by the garage that did the work: dated, sealed and open to check. Type a
              registration to see a vehicle&apos;s verified history in seconds.
            </p>
            <div className="hero__actions">
              <RegEntryBox />
              <Link to={logServicePath} className="button button--outline-light button--large">
                <WrenchIcon size={20} />
                LOG SERVICE
              </Link>
            </div>
            <ul className="hero__points">
              <li>
                <CheckIcon size={18} /> Free to search, no account needed
              </li>
              <li>
                <CheckIcon size={18} /> Logged by verified garages
              </li>
              <li>
                <CheckIcon size={18} /> Mileage checks built in
              </li>
            </ul>
          </div>
          <HeroPreview />
        </div>
      </section>

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

      <PageSection
        id="compare-title"
        eyebrow="Manual vs Digital"
        title="Why a stamped book is no longer enough"
        lead="Paper service books go missing, get stamped twice or are filled in after the fact. A digital record is written once, by the garage, at the time of the work."
        isTinted
      >
        <div className="table-wrap">
          <table className="comparison">
            <caption className="visually-hidden">Manual service book compared with a digital service record</caption>
            <thead>
              <tr>
                <th scope="col">Feature</th>
                <th scope="col">Manual service book</th>
                <th scope="col">Digital record</th>
              </tr>
            </thead>
            <tbody>
              {COMPARISON.map((row) => (
                <tr key={row.feature}>
                  <th scope="row">{row.feature}</th>
                  <td>
                    <ComparisonMark isSupported={row.manual} />
                  </td>
                  <td>
                    <ComparisonMark isSupported={row.digital} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </PageSection>

      <CtaBand id="cta-title" title="Run a garage?" text="Give your customers a service history they can prove, and win the trust of their buyers.">
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

function ComparisonMark({ isSupported }: { isSupported: boolean }) {
  return isSupported ? (
    <span className="mark mark--yes">
      <CheckIcon size={18} />
      <span>Yes</span>
    </span>
  ) : (
    <span className="mark mark--no">
      <CrossIcon size={18} />
      <span>No</span>
    </span>
  );
}

/** An illustration of a result card; decorative, so hidden from assistive technology. */
function HeroPreview() {
  return (
    <div className="hero-preview" aria-hidden="true">
      <div className="hero-preview__card">
        <div className="hero-preview__top">
          <NumberPlate registration="SV21KTP" size="sm" />
          <span className="hero-preview__badge">
            <ShieldCheckIcon size={16} /> Verified
          </span>
        </div>
        <ul className="hero-preview__list">
          <li>
            <strong>Full Service</strong>
            <span>12 February 2025 · 38,420 miles</span>
          </li>
          <li>
            <strong>Brake Pad Replacement</strong>
            <span>3 September 2024 · 31,905 miles</span>
          </li>
          <li>
            <strong>Oil &amp; Filter Change</strong>
            <span>18 January 2024 · 25,110 miles</span>
          </li>
        </ul>
      </div>
    </div>
  );
}
