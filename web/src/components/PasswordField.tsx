import type { ComponentProps } from 'react';
import { FormField } from './FormField';

/** A password field, hidden as typed; `isNew` for a password being chosen (autofill may offer one). */
export function PasswordField({
  isNew = false,
  ...fieldProps
}: Omit<ComponentProps<typeof FormField>, 'type'> & { isNew?: boolean }) {
  return <FormField type="password" autoComplete={isNew ? 'new-password' : 'current-password'} {...fieldProps} />;
}
