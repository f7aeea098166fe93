import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { buildVehicleResultsPath } from '../lib/registration-input';
import { SearchIcon } from './icons';
import { RegistrationInput } from './RegistrationInput';

/**
 * The yellow ENTER REG plate of the hero. It is a button until chosen, then an input that upper-cases
 * what is typed, holds at most seven characters, searches on Enter and folds back into the button when
 * left empty.
 */
export function RegEntryBox() {
  const navigate = useNavigate();
  const [isEditing, setIsEditing] = useState(false);
  const [registration, setRegistration] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();

  useEffect(() => {
    if (isEditing) inputRef.current?.focus();
  }, [isEditing]);

  function search() {
    const value = registration.trim();
    if (value) navigate(buildVehicleResultsPath(value));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      search();
      return;
    }
    if (event.key === 'Escape' && !registration.trim()) setIsEditing(false);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    search();
  }

  function handleBlur() {
    if (!registration.trim()) {
      setRegistration('');
      setIsEditing(false);
    }
  }

  if (!isEditing) {
    return (
      <button type="button" className="reg-box reg-box--button" onClick={() => setIsEditing(true)}>
        <span className="reg-box__band" aria-hidden="true" />
        <span className="reg-box__text">ENTER REG</span>
      </button>
    );
  }

  return (
    <form className="reg-box reg-box--editing" role="search" onSubmit={handleSubmit}>
      <span className="reg-box__band" aria-hidden="true" />
      <RegistrationInput
        ref={inputRef}
        className="reg-box__input"
        aria-label="Vehicle registration"
        aria-describedby={hintId}
        placeholder="AB12CDE"
        value={registration}
        onRegistrationChange={setRegistration}
        onKeyDown={handleKeyDown}
        onBlur={handleBlur}
      />
      <span id={hintId} className="visually-hidden">
        Type the registration and press Enter to see its service history.
      </span>
      <button type="submit" className="reg-box__submit" aria-label="Search service history">
        <SearchIcon size={22} />
      </button>
    </form>
  );
}
