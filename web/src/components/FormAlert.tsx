import type { ReactNode } from 'react';
import { CheckIcon, WarningIcon } from './icons';

/** A message above or below a form: an error (announced at once) or a success (announced politely). */
export function FormAlert({
  tone,
  title,
  children,
}: {
  tone: 'error' | 'success' | 'info';
  title?: string;
  children: ReactNode;
}) {
  return (
    <div className={`notice notice--${tone} form-alert`} role={tone === 'error' ? 'alert' : 'status'}>
      {tone === 'success' ? <CheckIcon size={22} /> : <WarningIcon size={22} />}
      <div>
        {title ? <p className="notice__title">{title}</p> : null}
        <p className="form-alert__text">{children}</p>
      </div>
    </div>
  );
}
