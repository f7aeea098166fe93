import { Link } from 'react-router-dom';
import { ClockIcon, GarageIcon, SearchIcon, ShieldCheckIcon } from '../components/icons';
import { HeroPage } from '../components/HeroPage';
import { PageSection } from '../components/PageSection';
import { ReasonGrid } from '../components/ReasonGrid';
import { BRAND } from '../brand';
import { useDocumentTitle } from '../lib/use-document-title';

const VALUES = [
  {
    icon: ShieldCheckIcon,
    title: 'Honest records',
    text: 'A history is only useful if it can be trusted. Records are written by the garage that did the work, sealed when they are logged, and never quietly rewritten.',
  },
  {
    icon: SearchIcon,
    title: 'Free for drivers',
    text: 'Anyone thinking of buying a car should be able to check its history without paying or signing up.',
  },
  {
    icon: GarageIcon,
    title: 'Fair to garages',
    text: 'Good garages deserve credit for good work. Every record carries the name of the garage behind it.',
  },
  {
    icon: ClockIcon,
    title: 'Simple to use',
    text: 'Logging a service should take less time than stamping a book. If it is not quick, it will not get used.',
  },
] as const;

/** /about: who we are and why the product exists. */
export function AboutPage() {
  useDocumentTitle('About us');
  return (
    <>
      <HeroPage
        eyebrow="About us"
        title="Making service history something you can trust"
        lead={`${BRAND.name} gives every UK vehicle a digital service record, written by the garages that look after it and open for anyone to check.`}
        bodyClassName="content-body prose"
      >
        <h2>Why we started</h2>
        <p>
          Buying a used car still depends on a paper service book and the seller&apos;s word. Books go missing, stamps
          can be bought, and there is rarely a way to tell a genuine history from one written the night before a sale.
          Meanwhile, good garages do careful work that nobody outside their workshop ever sees.
        </p>
        <p>
          We built {BRAND.name} to fix both problems at once. Garages log each service as they finish it. Each entry is
          dated, tied to the vehicle&apos;s registration and VIN, and sealed so that any later change can be detected.
          Buyers, sellers and owners can then see that history for free, just by entering a registration.
        </p>

        <h2>What we do</h2>
        <ul>
          <li>Give garages a fast way to record every service, repair and inspection they carry out.</li>
          <li>Keep those records permanent, time-stamped and tamper-evident.</li>
          <li>Let anyone look up a vehicle&apos;s history by registration, free of charge.</li>
          <li>Warn buyers when a recorded mileage is lower than an earlier one.</li>
        </ul>
      </HeroPage>
      <PageSection id="values-title" eyebrow="Our values" title="What we believe" isTinted>
        <ReasonGrid reasons={VALUES} className="reason-grid--four" />
      </PageSection>
      <div className="container narrow content-body prose">
        <h2>Get involved</h2>
        <p>
          If you run a garage, <Link to="/garages">find out why garages join</Link> or{' '}
          <Link to="/pricing">see our pricing</Link>. If you are buying a car,{' '}
          <Link to="/lookup">check its service history now</Link>. For anything else,{' '}
          <Link to="/contact">get in touch</Link>.
        </p>
      </div>
    </>
  );
}
