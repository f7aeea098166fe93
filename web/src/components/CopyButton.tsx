import { useEffect, useState } from 'react';

const CONFIRMATION_MS = 2000;

/**
 * Copies a value to the clipboard. Its name reads "Copy {label}"; beside it "Copied" confirms (announced
 * politely) for a moment, or a failure says to copy the text by hand.
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [outcome, setOutcome] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (outcome !== 'copied') return;
    const timer = window.setTimeout(() => setOutcome('idle'), CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('The clipboard is not available');
      await navigator.clipboard.writeText(value);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  }

  return (
    <span className="copy-button">
      <button
        type="button"
        className="button button--ghost button--small"
        aria-label={`Copy ${label}`}
        onClick={() => void copy()}
      >
        Copy
      </button>
      <span className="copy-button__status" role="status">
        {outcome === 'copied'
          ? 'Copied'
          : outcome === 'failed'
            ? 'Could not copy: select the text and copy it instead.'
            : ''}
      </span>
    </span>
  );
}
