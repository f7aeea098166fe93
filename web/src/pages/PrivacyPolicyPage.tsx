import { Link } from 'react-router-dom';
import { LegalDocument, type TLegalSection } from '../components/LegalDocument';
import { BRAND } from '../brand';
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
        <p>
          You can reach us about anything in this policy through our <Link to="/contact">contact form</Link>.
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
          The registrations you search for, and technical information such as your IP address, browser type and the
          pages you visit, which we use to keep the service secure and working. We use cookies as described in our{' '}
          <Link to="/cookie-policy">Cookie Policy</Link>.
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
          <strong>To meet legal obligations</strong>, such as keeping financial records for HM Revenue &amp; Customs.
        </li>
        <li>
          <strong>With your consent</strong>, for optional analytics and preference cookies. You can withdraw consent at
          any time.
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
    title: 'Who we share it with',
    content: (
      <>
        <p>We do not sell personal data. We share it only with:</p>
        <ul>
          <li>our card payment provider, to take subscription payments;</li>
          <li>our authentication and hosting providers, who run the platform on our behalf;</li>
          <li>our e-mail delivery provider, to send account and service e-mails;</li>
          <li>Companies House, when we check a garage&apos;s company number;</li>
          <li>the police or other authorities, where the law requires it.</li>
        </ul>
        <p>
          Our suppliers may only use the data to provide their service to us. Where data leaves the UK, we rely on UK
          adequacy regulations or the International Data Transfer Agreement to keep it protected.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <ul>
        <li>
          Service records are part of a vehicle&apos;s permanent history and are kept for as long as the platform
          operates. Customer contact details attached to them are deleted on request once the garage no longer needs
          them.
        </li>
        <li>Garage account details are kept while the account is open and for six years after it closes.</li>
        <li>Payment and invoice records are kept for six years to meet tax law.</li>
        <li>Contact messages and call-back requests are kept for two years.</li>
        <li>Security logs are kept for up to 12 months.</li>
      </ul>
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
      intro={`This policy explains what personal data ${BRAND.name} collects, why, how long we keep it and the rights you have over it.`}
      sections={SECTIONS}
    />
  );
}
