import { Link } from 'react-router-dom';
import {
  CONTACT_SUBJECTS,
  SUPPORT_HOURS,
  SUPPORT_REPLY_HOURS,
  ZContactRequestSchema,
  CONTACT_MESSAGES,
} from '@sh/shared/contract';
import { sendContactMessage } from '../api/contact';
import { SUPPORT_EMAIL } from '../brand';
import { EmailField } from '../components/EmailField';
import { FactList } from '../components/FactList';
import { FormField } from '../components/FormField';
import { ClockIcon, MailIcon, NoteIcon } from '../components/icons';
import { HeroPage } from '../components/HeroPage';
import { ResultPanel } from '../components/ResultPanel';
import { SchemaForm } from '../components/SchemaForm';
import { SelectField } from '../components/SelectField';
import { TextAreaField } from '../components/TextAreaField';
import { useDocumentTitle } from '../lib/use-document-title';
import { useSchemaForm } from '../lib/use-schema-form';

/** The words shown for each subject a visitor can choose, in the list's order. */
const SUBJECT_LABELS: Readonly<Record<(typeof CONTACT_SUBJECTS)[number], string>> = {
  general: 'General enquiry',
  'garage-signup': 'Registering a garage',
  'technical-support': 'Technical support',
  billing: 'Billing and subscriptions',
  partnership: 'Partnerships',
  feedback: 'Feedback',
};
const SUBJECT_OPTIONS = CONTACT_SUBJECTS.map((value) => ({ value, label: SUBJECT_LABELS[value] }));

/** /contact: the contact form beside the support hours and e-mail address (docs/product.md#contact-and-callback). */
export function ContactPage() {
  useDocumentTitle('Contact us');
  return (
    <div className="contact-page">
      <HeroPage
        isWide
        isCompact
        eyebrow="Contact us"
        title="Get in touch"
        lead="Questions about a vehicle's history, registering your garage or your subscription? Send us a message and our UK-based team will reply."
        bodyClassName="contact-layout"
      >
        <section className="card contact-card" aria-labelledby="contact-form-title">
          <ContactForm />
        </section>
        <aside className="card contact-aside" aria-labelledby="contact-aside-title">
          <h2 id="contact-aside-title">Other ways to reach us</h2>
          <FactList
            facts={[
              { icon: MailIcon, term: 'Email', detail: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> },
              { icon: ClockIcon, term: 'Support hours', detail: `${SUPPORT_HOURS}, excluding bank holidays` },
              { icon: NoteIcon, term: 'Response time', detail: `Within ${SUPPORT_REPLY_HOURS} hours` },
            ]}
          />
          <p className="contact-aside__more">
            Looking for a quick answer? Try the <Link to="/faq">FAQ</Link> or the{' '}
            <Link to="/support">support centre</Link>.
          </p>
        </aside>
      </HeroPage>
    </div>
  );
}

/**
 * The form: checked in the browser with the server's schema ('All fields are required.' once, under the
 * first empty field), then POST contact. On success it gives way to a confirmation whose Send Another
 * Message brings back an empty form, with the focus on its first field.
 */
function ContactForm() {
  const form = useSchemaForm({
    initialValues: { name: '', email: '', subject: '', message: '' },
    schema: ZContactRequestSchema,
    failureMessage: CONTACT_MESSAGES.contact.failed,
    onSubmit: async (request) => {
      await sendContactMessage(request);
      return request.email;
    },
  });

  if (form.result) {
    return (
      <>
        <h2 id="contact-form-title" className="contact-card__title">
          Message sent
        </h2>
        <ResultPanel
          tone="success"
          lead={CONTACT_MESSAGES.contact.success}
          actions={
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                form.reset();
                form.focus('name');
              }}
            >
              Send Another Message
            </button>
          }
        >
          <p>
            We will reply to <strong>{form.result}</strong>.
          </p>
        </ResultPanel>
      </>
    );
  }

  return (
    <>
      <h2 id="contact-form-title" className="contact-card__title">
        Send us a message
      </h2>
      <SchemaForm form={form} labelledBy="contact-form-title" submitLabel="Send message">
        <div className="form__grid">
          <FormField label="Name" autoComplete="name" aria-required {...form.bindField('name')} />
          <EmailField aria-required {...form.bindField('email')} />
          <div className="form__wide">
            <SelectField
              label="Subject"
              placeholder="Choose a subject"
              options={SUBJECT_OPTIONS}
              aria-required
              {...form.bindField('subject')}
            />
          </div>
          <div className="form__wide">
            <TextAreaField label="Message" rows={7} aria-required {...form.bindField('message')} />
          </div>
        </div>
      </SchemaForm>
    </>
  );
}
