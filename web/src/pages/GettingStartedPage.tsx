import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { PLAN } from '@sh/shared/contract';
import { HeroPage } from '../components/HeroPage';
import { useDocumentTitle } from '../lib/use-document-title';

type TGuide = {
  id: 'garages' | 'consumers';
  label: string;
  intro: string;
  steps: readonly { title: string; text: string }[];
  action: { to: string; label: string };
};

const GUIDES: readonly TGuide[] = [
  {
    id: 'garages',
    label: 'For garages',
    intro: 'Set up your garage and log your first service in under fifteen minutes.',
    steps: [
      {
        title: 'Register your garage',
        text: 'Sign up with your garage name, address, contact details and Companies House number. We check the company number against Companies House as you register.',
      },
      {
        title: 'Confirm your e-mail',
        text: 'Two checks are automatic, with no one reviewing your garage by hand: Companies House confirms as you register that your company number exists, is active and matches your garage name, and we e-mail you a link to confirm your address. Once it is confirmed you can start your plan.',
      },
      {
        title: 'Start your subscription',
        text: `Choose the Professional Plan. Your first ${PLAN.trialDays} days are free and you can cancel at any time; once it has started you can log services.`,
      },
      {
        title: 'Log your first service',
        text: 'Enter the registration, confirm the VIN and mileage, tick the work carried out from the checklist and add any notes. Confirm with your name and password, and the record is sealed.',
      },
      {
        title: 'Tell your customers',
        text: 'Let customers know their car’s history is now recorded digitally. They, and any future buyer, can check it for free.',
      },
    ],
    action: { to: '/pricing', label: 'See pricing and sign up' },
  },
  {
    id: 'consumers',
    label: 'For car owners and buyers',
    intro: 'Check a vehicle’s history in seconds, free and without an account.',
    steps: [
      {
        title: 'Find the registration',
        text: 'Use the number plate of the car you own or are thinking of buying. You do not need the VIN.',
      },
      {
        title: 'Search',
        text: 'Type the registration into the yellow box on the home page, or use the Individuals page, and press Search.',
      },
      {
        title: 'Read the history',
        text: 'Each record shows the work done, the date, the mileage and the garage that did it, newest first.',
      },
      {
        title: 'Look for warnings',
        text: 'If a mileage is lower than an earlier record’s, we show a warning. Ask the seller and the garage about it before you buy.',
      },
    ],
    action: { to: '/lookup', label: 'Check a vehicle now' },
  },
];

/** /getting-started: step-by-step guides, one tab for garages and one for consumers. */
export function GettingStartedPage() {
  useDocumentTitle('Getting started');
  const [activeId, setActiveId] = useState<TGuide['id']>('garages');
  const tabRefs = useRef<Partial<Record<TGuide['id'], HTMLButtonElement | null>>>({});

  function handleTabKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const offsets: Partial<Record<string, number>> = { ArrowRight: 1, ArrowLeft: -1 };
    const offset = offsets[event.key];
    let nextIndex: number | null = offset === undefined ? null : (index + offset + GUIDES.length) % GUIDES.length;
    if (event.key === 'Home') nextIndex = 0;
    if (event.key === 'End') nextIndex = GUIDES.length - 1;
    const next = nextIndex === null ? undefined : GUIDES[nextIndex];
    if (!next) return;
    event.preventDefault();
    setActiveId(next.id);
    tabRefs.current[next.id]?.focus();
  }

  return (
    <HeroPage
      eyebrow="Getting started"
      title="Getting started guide"
      lead="Whether you run a garage or you are buying a car, here is how to get going."
    >
      <div role="tablist" aria-label="Guides" className="tabs__list">
        {GUIDES.map((guide, index) => (
          <button
            key={guide.id}
            ref={(element) => {
              tabRefs.current[guide.id] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${guide.id}`}
            aria-selected={activeId === guide.id}
            aria-controls={`panel-${guide.id}`}
            tabIndex={activeId === guide.id ? 0 : -1}
            className="tabs__tab"
            onClick={() => setActiveId(guide.id)}
            onKeyDown={(event) => handleTabKeyDown(event, index)}
          >
            {guide.label}
          </button>
        ))}
      </div>

      {GUIDES.map((guide) => (
        <section
          key={guide.id}
          id={`panel-${guide.id}`}
          role="tabpanel"
          aria-labelledby={`tab-${guide.id}`}
          hidden={activeId !== guide.id}
          tabIndex={0}
          className="guide"
        >
          <p className="guide__intro">{guide.intro}</p>
          <ol className="guide__steps">
            {guide.steps.map((step) => (
              <li key={step.title} className="guide__step">
                <h2>{step.title}</h2>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
          <Link to={guide.action.to} className="button button--primary button--large">
            {guide.action.label}
          </Link>
        </section>
      ))}
    </HeroPage>
  );
}
