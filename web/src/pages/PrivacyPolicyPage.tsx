import { Link } from 'react-router-dom';
import { LegalDocument, type TLegalSection } from '../components/LegalDocument';
import { RETENTION, SERVICE_REMINDER } from '@sh/shared/contract';
import { BRAND } from '../brand';
import { COMPANY_DETAILS, companyLine, NOT_CONFIGURED } from '../lib/company-details';
import { useDocumentTitle } from '../lib/use-document-title';

const SECTIONS: readonly TLegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    content: (
      <>
        <p>
          {BRAND.name} runs a platform on which UK garages record the services they carry out, and on which anyone can
          look up a vehicle&apos;s service history by its registration. For the personal data described in this policy
          we are the data controller under the UK General Data Protection Regulation (UK GDPR) and the Data Protection
          Act 2018.
        </p>
        <p data-company-details>{companyLine()}</p>
        <p>
          Our registration with the Information Commissioner&apos;s Office:{' '}
          {COMPANY_DETAILS.icoRegistration ?? NOT_CONFIGURED}. You can reach us about anything in this policy through
          our <Link to="/contact">contact form</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'The information we collect',
    content: (
      <>
        <h3>Garage accounts</h3>
        <p>
          The garage&apos;s name, address and Companies House number; the name, e-mail address and phone number of the
          person who registers it; a password, which we store only as a one-way hash; any referral code; and the status
          of the subscription. Card details are taken by our payment provider and never reach our servers.
        </p>
        <h3>Service records</h3>
        <p>
          The vehicle&apos;s registration and VIN, the date, mileage and type of service, the garage&apos;s notes and
          the technician&apos;s name. A garage may also record its customer&apos;s e-mail address and phone number so it
          can contact them about the work.
        </p>
        <h3>Visitors</h3>
        <p>
          The registrations you look up, and your IP address, which counts your requests against a per-minute limit that
          keeps the service working for everyone. We set one cookie, and only when you sign in, as our{' '}
          <Link to="/cookie-policy">Cookie Policy</Link> explains; we use no analytics.
        </p>
        <h3>Messages</h3>
        <p>What you tell us when you contact us or ask for a call back, together with your contact details.</p>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use it, and why we are allowed to',
    content: (
      <ul>
        <li>
          <strong>To provide the service</strong> to garages under our contract with them: running accounts, storing
          records and taking payment.
        </li>
        <li>
          <strong>To publish vehicle service histories</strong>, in our legitimate interest, and that of buyers and
          owners, in an accurate and trustworthy record of a vehicle&apos;s maintenance.
        </li>
        <li>
          <strong>To protect the platform</strong>, in our legitimate interest in preventing fraud, abuse and attacks,
          including detecting records whose mileage is lower than an earlier one.
        </li>
        <li>
          <strong>To meet legal obligations</strong>, such as answering a lawful request from the authorities.
        </li>
        <li>
          <strong>With your consent</strong>, for the service reminders a garage&apos;s customer chooses to receive.
          Every reminder has a link to unsubscribe.
        </li>
      </ul>
    ),
  },
  {
    id: 'what-is-public',
    title: 'What the public can see',
    content: (
      <p>
        A search by registration shows each service&apos;s type, date, mileage, notes and technician, and the name and
        address of the garage that did the work. It never shows a customer&apos;s name, e-mail address or phone number,
        and it never shows who owns the vehicle.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Where your data goes',
    content: (
      <>
        <p>We do not sell personal data. It goes only to:</p>
        <ul>
          <li>
            <strong>DVLA and DVSA</strong>, which receive each registration looked up on a vehicle report (and the
            registration of a vehicle whose service reminder is timed from its MOT), so that the report can show the
            vehicle&apos;s details, MOT tests and recalls. They receive the registration only, never who asked.
          </li>
          <li>
            <strong>Companies House</strong>, which receives the company number a garage enters when it registers.
          </li>
          <li>
            <strong>Stripe</strong>, our card payment provider, which receives a subscribing garage&apos;s account
            e-mail address; card details go straight to Stripe and never reach our servers.
          </li>
          <li>
            <strong>Our e-mail delivery provider</strong>, which receives each e-mail we send (the address and its
            content): account e-mails, receipts, a customer&apos;s notice of a service and its reminders.
          </li>
          <li>
            <strong>The provider that hosts our servers and databases</strong>, which stores everything described here
            on our behalf.
          </li>
          <li>the police or other authorities, where the law requires it.</li>
        </ul>
        <p>
          Where a provider processes data outside the UK, it must protect it as UK data protection law requires. Answers
          from DVLA and DVSA are kept for a short while so that the same vehicle is not asked about twice: a day for
          DVSA, a week for DVLA.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <>
        <ul>
          <li>
            Service records are part of a vehicle&apos;s permanent history and are kept for as long as the platform
            operates. When a record is withdrawn, its notes and the names on it are deleted.
          </li>
          <li>
            A customer&apos;s e-mail address and phone number on a service record are erased{' '}
            {RETENTION.customerContactMonths} months after the record was logged, also from its correction history.
          </li>
          <li>
            The address, content and headers of each e-mail we sent are erased {RETENTION.mailAddressMonths} months
            after we sent it.
          </li>
          <li>
            An invitation to a service reminder that is not taken up is deleted when its link expires, after{' '}
            {SERVICE_REMINDER.optInLinkDays} days. A reminder is kept while the customer wants it, and deleted{' '}
            {RETENTION.unsubscribedReminderDays} days after they unsubscribe.
          </li>
          <li>
            Contact messages and call-back requests are deleted {RETENTION.contactMessageMonths} months after they reach
            us.
          </li>
          <li>
            Garage accounts are kept while they are open; ask us to delete yours when you leave. Payment records are
            kept by Stripe.
          </li>
        </ul>
        <p>
          Scheduled jobs carry these periods out every hour. A customer who wants their contact details erased sooner
          can <Link to="/contact">contact us</Link>: an administrator erases them from the record and its correction
          history, and the garage no longer sees them.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    content: (
      <p>
        Data travels over encrypted connections, passwords are stored only as strong one-way hashes, access to our
        systems is limited to staff who need it, and every service record is sealed so that changes can be detected. No
        system is perfectly secure, but we review our safeguards regularly and will tell you and the Information
        Commissioner&apos;s Office of a serious breach as the law requires.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    content: (
      <>
        <p>Under UK data protection law you have the right to:</p>
        <ul>
          <li>ask for a copy of the personal data we hold about you;</li>
          <li>have inaccurate data corrected;</li>
          <li>have your data deleted, or its use restricted, in some circumstances;</li>
          <li>object to our use of your data based on legitimate interests;</li>
          <li>receive data you gave us in a portable format;</li>
          <li>withdraw consent at any time, where we rely on it.</li>
        </ul>
        <p>
          We reply within one month. If you are unhappy with how we handle your data you can complain to the Information
          Commissioner&apos;s Office at ico.org.uk, though we would appreciate the chance to put things right first.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        We will update this policy when our services or the law change. The date at the top shows when it was last
        updated, and we will tell registered garages by e-mail about significant changes.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        For any question about your privacy, or to exercise your rights, <Link to="/contact">contact us</Link>. Please
        say that your message is about data protection so that it reaches the right person quickly.
      </p>
    ),
  },
];

/** /privacy-policy: how personal data is handled; the last-updated date is today. */
export function PrivacyPolicyPage() {
  useDocumentTitle('Privacy Policy');
  return (
    <LegalDocument
      title="Privacy Policy"
      isDated
      intro={`This policy explains what personal data ${BRAND.name} collects, why, where it goes, how long we keep it and the rights you have over it.`}
      sections={SECTIONS}
    />
  );
}
