import type { InputHTMLAttributes, Ref } from 'react';
import { REGISTRATION_MAX_LENGTH } from '@sh/shared/contract';
import { toRegistrationInput } from '../lib/registration-input';

/**
 * A number-plate box for searching by registration: what is typed is upper-cased, its spaces dropped and cut
 * at seven characters; the keyboard offers Search.
 */
export function RegistrationInput({
  onRegistrationChange,
  ...inputProps
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'type'> & {
  ref?: Ref<HTMLInputElement>;
  onRegistrationChange: (registration: string) => void;
}) {
  return (
    <input
      type="text"
      maxLength={REGISTRATION_MAX_LENGTH}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      enterKeyHint="search"
      {...inputProps}
      onChange={(event) => onRegistrationChange(toRegistrationInput(event.target.value))}
    />
  );
}
