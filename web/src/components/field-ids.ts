import { useId } from 'react';

/**
 * The ids that tie a form control to its hint and its error: the control's id, and its aria-describedby
 * (the error first, then the hint), or undefined when there is neither.
 */
export function useFieldIds(options: { hasError: boolean; hasHint: boolean }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [options.hasError ? errorId : null, options.hasHint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, describedBy };
}
