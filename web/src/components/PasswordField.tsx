import type { ComponentProps } from 'react';
import { FormField } from './FormField';

type TPasswordFieldProps = Omit<ComponentProps<typeof FormField>, 'type'>;

/** A password field, hidden as typed; `isNew` for a password being chosen (autofill may offer one). */
export function PasswordField({ isNew = false, ...fieldProps }: TPasswordFieldProps & { isNew?: boolean }) {
  return <FormField type="password" autoComplete={isNew ? 'new-password' : 'current-password'} {...fieldProps} />;
}

type TBoundField = Omit<TPasswordFieldProps, 'label'>;

/**
 * A password being chosen and the same typed again (signup, reset, account): the form's bound fields. `label` names
 * the first, and after "Confirm" the second; `hints` are theirs; `isRequired` marks both required for screen readers.
 */
export function NewPasswordFields({
  password,
  confirmation,
  label = 'New password',
  hints,
  isRequired = false,
}: {
  password: TBoundField;
  confirmation: TBoundField;
  label?: string;
  hints?: readonly [string, string];
  isRequired?: boolean;
}) {
  const required = isRequired ? 'true' : undefined;
  return (
    <>
      <PasswordField label={label} isNew hint={hints?.[0]} aria-required={required} {...password} />
      <PasswordField
        label={`Confirm ${label.toLowerCase()}`}
        isNew
        hint={hints?.[1]}
        aria-required={required}
        {...confirmation}
      />
    </>
  );
}
