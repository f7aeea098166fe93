import type { ComponentProps } from 'react';
import { FormField } from './FormField';
import { PhoneField } from './PhoneField';

type TBoundField = Omit<ComponentProps<typeof FormField>, 'label' | 'type'>;

/**
 * The customer's e-mail and phone on a service record, as the add-service wizard asks for them and the admin's edit
 * dialog corrects them: the form's bound fields, named as the API names them.
 */
export function CustomerContactFields({
  email,
  phone,
  onPhoneChange,
  isOptional = false,
}: {
  email: TBoundField;
  phone: TBoundField;
  onPhoneChange: (digits: string) => void;
  isOptional?: boolean;
}) {
  const suffix = isOptional ? ' (optional)' : '';
  return (
    <>
      <FormField
        label={`Customer email${suffix}`}
        type="email"
        inputMode="email"
        autoComplete="off"
        spellCheck={false}
        {...email}
        name="customer_email"
      />
      <PhoneField
        label={`Customer phone${suffix}`}
        autoComplete="off"
        {...phone}
        name="customer_phone"
        onPhoneChange={onPhoneChange}
      />
    </>
  );
}
