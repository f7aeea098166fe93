import { Link } from 'react-router-dom';
import { PLAN } from '@sh/shared/contract';
import { Accordion, type TAccordionItem } from '../components/Accordion';
import { HeroPage } from '../components/HeroPage';
import { vatNote } from '../lib/company-details';
import { formatPrice } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';

type TQuestion = { question: string; answer: string };

const price = formatPrice(PLAN.amountMinor, PLAN.currency);

const FAQ_SECTIONS: readonly { id: string; title: string; questions: readonly TQuestion[] }[] = [
  {
    id: 'buyers',
    title: 'Checking a vehicle',
    questions: [
      {
        question: 'How do I check a vehicle’s service history?',
        answer:
          'Enter the registration on the home page or on the Individuals page and press Search. You will see every service logged by a garage for that vehicle, newest first, with the date, the mileage and who did the work.',
      },
      {
        question: 'Does it cost anything to search?',
        answer: 'No. Searching is free and you do not need an account.',
      },
      {
        question: 'Why does a vehicle have no records?',
        answer:
          'A vehicle only has a history here once a garage using the platform has logged a service for it. Older services, or work done by garages that have not joined yet, will not appear. Double-check the registration too: it should have no more than seven letters and numbers.',
      },
      {
        question: 'What does the mileage warning mean?',
        answer:
          'We flag a record when its mileage is lower than the mileage on an earlier record of the same vehicle. It can be an honest typing mistake, a replaced instrument cluster, or a sign that the odometer has been wound back. Ask the seller, and the garage named on the record, before you buy.',
      },
      {
        question: 'Does a service history replace an MOT certificate?',
        answer:
          'No. The MOT is the annual roadworthiness test recorded by the DVSA. A service history shows the maintenance the car has had between tests. Check both before you buy.',
      },
    ],
  },
  {
    id: 'records',
    title: 'Trust and accuracy',
    questions: [
      {
        question: 'Who writes the records?',
        answer:
          'Only garages with an account, and an active subscription, can add records. Each record names the garage that logged it, and the garage confirms every submission with its account password.',
      },
      {
        question: 'Can a record be changed after it is submitted?',
        answer:
          'Garages cannot edit or delete a record once it is submitted. If something needs correcting, only our authorised staff can make an amendment; the original entry is kept and the change is recorded with who made it, when and why.',
      },
      {
        question: 'How do I know a record has not been tampered with?',
        answer:
          'Every entry is time-stamped when it is logged and sealed with a cryptographic fingerprint that is linked to the previous entry for the same vehicle. Changing an old entry would break the chain, so it can be detected.',
      },
      {
        question: 'Are the owner’s personal details shown?',
        answer:
          'No. A public search shows the vehicle’s services and the garage’s name and address. Customer names, e-mail addresses and phone numbers are never shown.',
      },
    ],
  },
  {
    id: 'garages',
    title: 'For garages',
    questions: [
      {
        question: 'How much does it cost?',
        answer: `One plan at ${price} a month (${vatNote()}) with unlimited records. New garages get a ${PLAN.trialDays}-day free trial, and there is no contract: you can cancel any time.`,
      },
      {
        question: 'What do I need to sign up?',
        answer:
          'Your garage name and address, a contact e-mail and phone number, and your Companies House number, which we check when you register.',
      },
      {
        question: 'What happens to my records if I cancel?',
        answer:
          'They stay on the vehicles’ histories and remain visible to owners and buyers. You will not be able to add new records until you subscribe again.',
      },
      {
        question: 'Do I need special equipment?',
        answer:
          'No. The platform runs in the web browser of any phone, tablet or computer, so you can log a service from the workshop floor.',
      },
    ],
  },
];

/** /faq: frequently asked questions, grouped into sections that expand and collapse. */
export function FaqPage() {
  useDocumentTitle('Frequently asked questions');
  const items: TAccordionItem[] = FAQ_SECTIONS.map((section) => ({
    id: section.id,
    title: section.title,
    content: (
      <dl className="faq-list">
        {section.questions.map((item) => (
          <div key={item.question} className="faq-list__item">
            <dt>{item.question}</dt>
            <dd>{item.answer}</dd>
          </div>
        ))}
      </dl>
    ),
  }));

  return (
    <HeroPage
      eyebrow="Help"
      title="Frequently asked questions"
      lead="Answers for car buyers, owners and garages. Open a section to read its questions."
    >
      <Accordion items={items} headingLevel={2} initiallyOpenIds={['buyers']} />
      <div className="notice notice--info content-note">
        <div>
          <h2 className="notice__title">Still have a question?</h2>
          <p>
            Visit the <Link to="/support">support centre</Link> or <Link to="/contact">send us a message</Link>.
          </p>
        </div>
      </div>
    </HeroPage>
  );
}
