import type { ComponentProps } from 'react';
import { FormField } from '../FormField';

/**
 * The field a second-factor code is typed into: a numeric keypad and one-time-code autofill for the app's 6-digit
 * code; with `isRecoveryCode`, a plain text field for one of the recovery codes instead.
 */
export function SecondFactorCodeField({
  isRecoveryCode = false,
  ...fieldProps
}: Omit<ComponentProps<typeof FormField>, 'type' | 'label' | 'hint'> & { isRecoveryCode?: boolean }) {
  return (
    <FormField
      type="text"
      label={isRecoveryCode ? 'Recovery code' : 'Authentication code'}
      hint={
        isRecoveryCode
          ? 'One of the recovery codes you saved, such as 7KQ2-M9XD-4HTR-0CWN'
          : 'The 6-digit code your authenticator app shows now'
      }
      autoComplete={isRecoveryCode ? 'off' : 'one-time-code'}
      inputMode={isRecoveryCode ? 'text' : 'numeric'}
      spellCheck={false}
      {...fieldProps}
    />
  );
}
