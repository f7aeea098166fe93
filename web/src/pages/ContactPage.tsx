import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES, SUPPORT_HOURS, SUPPORT_REPLY_HOURS } from '@sh/shared/contract';
import { sendContactMessage } from '../api/contact';
import { SUPPORT_EMAIL } from '../brand';
import { FormAlert } from '../components/FormAlert';
import { FormField } from '../components/FormField';
import { CheckIcon, ClockIcon, MailIcon, NoteIcon } from '../components/icons';
import { PageHero } from '../components/PageHero';
import { SelectField } from '../components/SelectField';
import { TextAreaField } from '../components/TextAreaField';
import {
  CONTACT_FIELD_ORDER,
  CONTACT_SUBJECT_OPTIONS,
  EMPTY_CONTACT_VALUES,
  parseContactForm,
  toContactErrors,
  type TContactErrors,
  type TContactField,
  type TContactValues,
} from '../lib/contact-form';
import { fieldErrorsOf, messageOf } from '../lib/error-message';
import { firstFieldWithError, messagesShownOnce } from '../lib/form-errors';
import { useDocumentTitle } from '../lib/use-document-title';

/** /contact: the contact form beside the support hours and e-mail address (SPEC.md sections 2, 5 and 7). */
export function ContactPage() {
  useDocumentTitle('Contact us');
  return (
    <div className="contact-page">
      <PageHero
        isWide
        isCompact
        eyebrow="Contact us"
        title="Get in touch"
        lead="Questions about a vehicle's history, registering your garage or your subscription? Send us a message and our UK-based team will reply."
      />
      <div className="container contact-layout">
        <section className="card contact-card" aria-labelledby="contact-form-title">
          <ContactForm />
        </section>
        <aside className="card contact-aside" aria-labelledby="contact-aside-title">
          <h2 id="contact-aside-title">Other ways to reach us</h2>
          <dl className="support-contact__facts">
            <div>
              <dt>
                <MailIcon size={20} /> Email
              </dt>
              <dd>
                <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
              </dd>
            </div>
            <div>
              <dt>
                <ClockIcon size={20} /> Support hours
              </dt>
              <dd>{SUPPORT_HOURS}, excluding bank holidays</dd>
            </div>
            <div>
              <dt>
                <NoteIcon size={20} /> Response time
              </dt>
              <dd>Within {SUPPORT_REPLY_HOURS} hours</dd>
            </div>
          </dl>
          <p className="contact-aside__more">
            Looking for a quick answer? Try the <Link to="/faq">FAQ</Link> or the <Link to="/support">support centre</Link>.
          </p>
        </aside>
      </div>
    </div>
  );
}

type TPhase = { state: 'editing' } | { state: 'sending' } | { state: 'sent'; replyTo: string };

/**
 * The form: checked in the browser with the server's schema, then POST contact. On success it gives way to
 * a confirmation whose Send Another Message brings back an empty form.
 */
function ContactForm() {
  const [values, setValues] = useState<TContactValues>(EMPTY_CONTACT_VALUES);
  const [errors, setErrors] = useState<TContactErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [phase, setPhase] = useState<TPhase>({ state: 'editing' });
  const fieldRefs = useRef<Partial<Record<TContactField, HTMLElement | null>>>({});
  const shouldFocusForm = useRef(false);

  // After Send Another Message the button is gone; the focus goes to the first field of the new form.
  useEffect(() => {
    if (phase.state !== 'editing' || !shouldFocusForm.current) return;
    shouldFocusForm.current = false;
    fieldRefs.current.name?.focus();
  }, [phase.state]);

  function update(field: TContactField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  // A message several fields share ('All fields are required.') shows under the first of them only.
  const shownErrors = messagesShownOnce(errors, CONTACT_FIELD_ORDER);

  function bind(field: TContactField) {
    return {
      name: field,
      value: values[field],
      error: shownErrors[field],
      isInvalid: Boolean(errors[field]),
      'aria-required': true,
      ref: (element: HTMLElement | null) => {
        fieldRefs.current[field] = element;
      },
      onChange: (event: { target: { value: string } }) => update(field, event.target.value),
    };
  }

  function showErrors(next: TContactErrors) {
    setErrors(next);
    const first = firstFieldWithError(next, CONTACT_FIELD_ORDER);
    if (first) fieldRefs.current[first]?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase.state !== 'editing') return;
    setFormError(null);
    const checked = parseContactForm(values);
    if ('errors' in checked) {
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    setPhase({ state: 'sending' });
    try {
      await sendContactMessage(checked.request);
      setPhase({ state: 'sent', replyTo: checked.request.email });
    } catch (error) {
      setPhase({ state: 'editing' });
      const serverErrors = toContactErrors(fieldErrorsOf(error));
      const message = messageOf(error, MESSAGES.contact.failed);
      // The message once: above the form unless it already stands under its field.
      if (!Object.values(serverErrors).includes(message)) setFormError(message);
      if (Object.keys(serverErrors).length > 0) showErrors(serverErrors);
    }
  }

  function startAgain() {
    setValues(EMPTY_CONTACT_VALUES);
    setErrors({});
    setFormError(null);
    shouldFocusForm.current = true;
    setPhase({ state: 'editing' });
  }

  if (phase.state === 'sent') {
    return (
      <>
        <h2 id="contact-form-title" className="contact-card__title">
          Message sent
        </h2>
        <div className="result-panel" role="status">
          <span className="result-panel__icon result-panel__icon--success">
            <CheckIcon size={32} />
          </span>
          <p className="result-panel__lead">{MESSAGES.contact.success}</p>
          <p>
            We will reply to <strong>{phase.replyTo}</strong>.
          </p>
        </div>
        <div className="form__actions">
          <button type="button" className="button button--primary" onClick={startAgain}>
            Send Another Message
          </button>
        </div>
      </>
    );
  }

  const isSending = phase.state === 'sending';
  return (
    <>
      <h2 id="contact-form-title" className="contact-card__title">
        Send us a message
      </h2>
      <form className="form" noValidate onSubmit={handleSubmit} aria-labelledby="contact-form-title">
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
        <div className="form__grid">
          <FormField label="Name" autoComplete="name" {...bind('name')} />
          <FormField label="Email" type="email" inputMode="email" autoComplete="email" spellCheck={false} {...bind('email')} />
          <div className="form__wide">
            <SelectField label="Subject" placeholder="Choose a subject" options={CONTACT_SUBJECT_OPTIONS} {...bind('subject')} />
          </div>
          <div className="form__wide">
            <TextAreaField label="Message" rows={7} {...bind('message')} />
          </div>
        </div>
        <button type="submit" className="button button--primary button--large form__submit" disabled={isSending} aria-busy={isSending}>
          Send message
        </button>
      </form>
    </>
  );
}
