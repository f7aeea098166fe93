import type { FormEvent, ReactNode, Ref } from 'react';
import { ArrowLeftIcon } from '../../components/icons';

/**
 * One step of the wizard: a form named by its heading, which takes the focus when the step opens (see
 * AddServicePage). Submitting it (Continue, Enter in a field) calls `onSubmit`.
 */
export function WizardStepForm({
  title,
  headingRef,
  onSubmit,
  children,
}: {
  title: ReactNode;
  headingRef: Ref<HTMLHeadingElement>;
  onSubmit: () => void;
  children: ReactNode;
}) {
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form className="form wizard-step" noValidate onSubmit={handleSubmit} aria-labelledby="wizard-step-title">
      <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className="wizard-step__title">
        {title}
      </h2>
      {children}
    </form>
  );
}

/** A step's Back button, to the step before; disabled while the step is busy. */
export function WizardBackButton({ onBack, disabled = false }: { onBack: () => void; disabled?: boolean }) {
  return (
    <button type="button" className="button button--ghost button--large" disabled={disabled} onClick={onBack}>
      <ArrowLeftIcon size={18} />
      Back
    </button>
  );
}
