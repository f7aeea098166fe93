import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../auth/use-session';
import { CheckIcon, ShieldCheckIcon, WrenchIcon } from '../components/icons';
import { NumberPlate } from '../components/NumberPlate';
import { RegEntryBox } from '../components/RegEntryBox';
import { useDocumentTitle } from '../lib/use-document-title';
import { HomeSections } from '../route-pages';

/** Home: the hero with the registration box, where the data comes from, how it works and the manual/digital comparison. */
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
              Every service logged by the garage that did the work: dated, sealed and open to check. Type a registration
              to see a vehicle&apos;s verified history in seconds.
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

      {/* Below the hero: loaded after it, so the first page's code stays within its budget. */}
      <Suspense fallback={null}>
        <HomeSections />
      </Suspense>
    </>
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
