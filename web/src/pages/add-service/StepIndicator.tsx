import type { TWizardStep } from './use-add-service-wizard';

const STEPS: ReadonlyArray<{ step: TWizardStep; label: string }> = [
  { step: 1, label: 'Registration' },
  { step: 2, label: 'Vehicle details' },
  { step: 3, label: 'Services' },
];

/** The wizard's three steps; the current one carries aria-current="step", the ones before it read as done. */
export function StepIndicator({ current }: { current: TWizardStep }) {
  return (
    <nav className="wizard-steps" aria-label="Progress">
      <ol className="wizard-steps__list">
        {STEPS.map(({ step, label }) => {
          const state = step === current ? 'current' : step < current ? 'done' : 'upcoming';
          return (
            <li
              key={step}
              className={`wizard-steps__item wizard-steps__item--${state}`}
              aria-current={step === current ? 'step' : undefined}
            >
              <span className="wizard-steps__number" aria-hidden="true">
                {step}
              </span>
              <span className="wizard-steps__label">
                <span className="visually-hidden">{`Step ${step} of ${STEPS.length}: `}</span>
                {label}
                {state === 'done' ? <span className="visually-hidden"> (done)</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
