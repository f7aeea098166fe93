import { Link } from 'react-router-dom';
import { PLAN } from '@sh/shared/contract';
import { LegalDocument, type TLegalSection } from '../components/LegalDocument';
import { BRAND } from '../brand';
import { companyLine, vatNote } from '../lib/company-details';
import { formatPrice } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';

const SECTIONS: readonly TLegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreement to these terms',
    content: (
      <>
        <p>
          These terms govern your use of {BRAND.name}. By searching for a vehicle, creating an account or using any part
          of the platform you agree to them. If you use the platform for a garage, you confirm that you are authorised
          to accept these terms on its behalf.
        </p>
        <p>
          Who you agree them with: <span data-company-details>{companyLine()}</span>
        </p>
      </>
    ),
  },
  {
    id: 'usage-rights',
    title: 'Use of the platform',
    content: (
      <>
        <h3>You may</h3>
        <ul>
          <li>create service records for vehicles your garage has serviced;</li>
          <li>search the public service history of any vehicle;</li>
          <li>use the platform for legitimate business purposes;</li>
          <li>read your garage&apos;s records and download them, with their receipts, as CSV or JSON.</li>
        </ul>
        <h3>You must not</h3>
        <ul>
          <li>create false or fraudulent service records;</li>
          <li>access another user&apos;s account or data;</li>
          <li>scrape or harvest data from the platform using automated systems;</li>
          <li>interfere with the security or operation of the platform.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'garage-responsibilities',
    title: 'Garage responsibilities',
    content: (
      <>
        <p>
          Garages are solely responsible for the accuracy of the records they submit. By submitting a record you warrant
          that:
        </p>
        <ul>
          <li>the services recorded were actually performed;</li>
          <li>the details entered, including the date, mileage and vehicle, are correct;</li>
          <li>you are authorised to record services for the vehicle;</li>
          <li>the work meets recognised industry standards.</li>
        </ul>
        <p>
          Records cannot be edited or deleted by the garage after submission. If a record is wrong, contact us and our
          authorised staff will amend it, keeping the original entry.
        </p>
      </>
    ),
  },
  {
    id: 'payment',
    title: 'Payment and subscription',
    content: (
      <>
        <p>
          The garage plan costs {formatPrice(PLAN.amountMinor, PLAN.currency)} a month ({vatNote()}). Subscriptions are
          billed monthly, in advance, on the same date each month. Payments are non-refundable except where the law
          requires otherwise.
        </p>
        <ul>
          <li>We will give you at least 30 days&apos; notice of any price change.</li>
          <li>If a payment fails we may suspend the ability to add records until it is paid.</li>
          <li>
            You can cancel at any time. Cancellation takes effect at the end of the current billing period; there are no
            refunds for partial months, and you keep access to your data until then.
          </li>
          <li>Records you have submitted stay visible on the vehicles&apos; histories after you cancel.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'data-ownership',
    title: 'Data ownership',
    content: (
      <>
        <p>You own the service records you create. You can:</p>
        <ul>
          <li>
            download every record your garage has logged, withdrawn ones included, with its receipt, as CSV or JSON from
            your dashboard at any time (your garage&apos;s own account can do this);
          </li>
          <li>
            rely on your customers&apos; contact details never being shown publicly: only your garage&apos;s account and
            our administrators see them, and they are erased as our <Link to="/privacy-policy">Privacy Policy</Link>{' '}
            says;
          </li>
          <li>ask us to delete your account data when you cancel.</li>
        </ul>
        <p>
          You give us a licence to store your records and to show them in public vehicle histories, which is the purpose
          of the platform. We may suspend accounts that break these terms, change or withdraw features, remove content
          that breaks these terms, and keep backups of the platform&apos;s data to protect its integrity.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    content: (
      <>
        <p>
          Vehicle histories are provided for information. They show what garages have recorded and are not a guarantee
          of a vehicle&apos;s condition; always inspect a vehicle and check its MOT history before you buy.
        </p>
        <p>
          Our total liability to you in connection with the platform is limited to the amount you paid us in the 12
          months before the claim. Nothing in these terms limits liability for death or personal injury caused by
          negligence, for fraud, or for anything else that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: 'indemnification',
    title: 'Indemnification',
    content: (
      <p>
        You agree to compensate {BRAND.name} for any claims, losses and reasonable costs arising from records you
        submit, from your breach of these terms, or from your misuse of the platform.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law and disputes',
    content: (
      <p>
        These terms are governed by the law of England and Wales. Any dispute that we cannot resolve together will be
        settled by binding arbitration under the Rules of the London Court of International Arbitration, seated in
        London. This does not affect any statutory rights you have as a consumer.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: (
      <p>
        Questions about these terms can be sent through our <Link to="/contact">contact form</Link>. Our team replies
        within one working day.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these terms from time to time. Where feasible we will give at least 30 days&apos; notice of any
        material change by e-mail and on this page. Continuing to use the platform after a change takes effect means you
        accept the new terms.
      </p>
    ),
  },
];

/** /terms-of-service: the terms of use, with the sections docs/product.md#information-pages lists. */
export function TermsOfServicePage() {
  useDocumentTitle('Terms of Service');
  return (
    <LegalDocument
      title="Terms of Service"
      intro="Please read these terms carefully. They explain what you can expect from us and what we expect from you."
      sections={SECTIONS}
    />
  );
}
