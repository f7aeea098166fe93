import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { REGISTRATION_MAX_LENGTH, ZRegistrationSchema } from '@sh/shared/contract';
import { ClockIcon, SearchIcon, ShieldCheckIcon, GaugeIcon } from '../components/icons';
import { buildVehicleResultsPath, toRegistrationInput } from '../lib/registration-input';
import { useDocumentTitle } from '../lib/use-document-title';

/** Individuals: the vehicle lookup form. A registration is required and checked before searching. */
export function LookupPage() {
  useDocumentTitle('Check a vehicle');
  const navigate = useNavigate();
  const [registration, setRegistration] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZRegistrationSchema.safeParse(registration.trim());
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      inputRef.current?.focus();
      return;
    }
    navigate(buildVehicleResultsPath(parsed.data));
  }

  return (
    <div className="lookup-page">
      <section className="page-hero page-hero--compact" aria-labelledby="lookup-title">
        <div className="container narrow">
          <p className="eyebrow eyebrow--on-dark">For buyers, sellers and owners</p>
          <h1 id="lookup-title">Vehicle Service History Lookup</h1>
          <p className="page-hero__lead">
            Check a car&apos;s service history before you buy, sell or book it in. It&apos;s free and you don&apos;t need an
            account.
          </p>
        </div>
      </section>

      <div className="container narrow">
        <form className="card lookup-form" role="search" noValidate onSubmit={handleSubmit}>
          <label htmlFor={inputId} className="field-label">
            Registration number
          </label>
          <p id={hintId} className="field-hint">
            For example AB12CDE. Spaces are ignored.
          </p>
          <div className="lookup-form__row">
            <input
              ref={inputRef}
              id={inputId}
              className={`plate-input${error ? ' has-error' : ''}`}
              type="text"
              name="registration"
              value={registration}
              maxLength={REGISTRATION_MAX_LENGTH}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              enterKeyHint="search"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${errorId} ${hintId}` : hintId}
              onChange={(event) => {
                setRegistration(toRegistrationInput(event.target.value));
                if (error) setError(null);
              }}
            />
            <button type="submit" className="button button--primary button--large">
              <SearchIcon size={20} />
              Search
            </button>
          </div>
          {error ? (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </form>

        <ul className="feature-list feature-list--three">
          <li>
            <ShieldCheckIcon size={24} />
            <div>
              <h2>Logged by the garage</h2>
              <p>Each entry comes from the garage that did the work, not from the seller.</p>
            </div>
          </li>
          <li>
            <GaugeIcon size={24} />
            <div>
              <h2>Mileage checked</h2>
              <p>We flag any record whose mileage is lower than an earlier one.</p>
            </div>
          </li>
          <li>
            <ClockIcon size={24} />
            <div>
              <h2>Time-stamped</h2>
              <p>Entries are dated when they are logged and cannot be quietly rewritten.</p>
            </div>
          </li>
        </ul>
      </div>
    </div>
  );
}
