import '../../styles/second-factor.css';
import { CopyButton } from '../CopyButton';
import { FormAlert } from '../FormAlert';

/**
 * The recovery codes of a new enrolment, shown this once: each signs in once in place of a code, for when the phone
 * is lost. The user says they have saved them before going on.
 */
export function RecoveryCodes({
  codes,
  doneLabel,
  onDone,
}: {
  codes: string[];
  doneLabel: string;
  onDone: () => void;
}) {
  return (
    <div className="recovery-codes">
      <FormAlert tone="success" title="Two-step verification is on">
        Save these recovery codes now, somewhere other than your phone (a password manager, or printed and kept safe).
        Each one signs you in once if you lose your phone. <strong>They will not be shown again.</strong>
      </FormAlert>
      <ol className="recovery-codes__list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="form__actions">
        <CopyButton value={codes.join('\n')} label="the recovery codes" />
        <button type="button" className="button button--primary" onClick={onDone}>
          {doneLabel}
        </button>
      </div>
    </div>
  );
}
