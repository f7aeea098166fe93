import type { ReactNode } from 'react';
import { CheckIcon, WarningIcon } from './icons';

/**
 * The outcome of a step that replaces its form (sent, confirmed, reset, refused): an icon, the lead line and
 * any detail, announced politely on success and at once on failure, then the ways on.
 */
export function ResultPanel({
  tone,
  lead,
  children,
  actions,
}: {
  tone: 'success' | 'error';
  lead: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <>
      <div className="result-panel" role={tone === 'success' ? 'status' : 'alert'}>
        <span className={`result-panel__icon result-panel__icon--${tone}`}>
          {tone === 'success' ? <CheckIcon size={32} /> : <WarningIcon size={32} />}
        </span>
        <p className="result-panel__lead">{lead}</p>
        {children}
      </div>
      {actions ? <div className="form__actions">{actions}</div> : null}
    </>
  );
}
