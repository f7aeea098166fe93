import type { ComponentProps } from 'react';
import { FormField } from './FormField';
import { PhoneField } from './PhoneField';

type TBoundField = Omit<ComponentProps<typeof FormField>, 'label' | 'type'>;

/** What CustomerContactFields needs of a form (useSchemaForm's) with `customerEmail` and `customerPhone` fields. */
type TContactForm = {
  bindField(name: 'customerEmail' | 'customerPhone'): TBoundField;
  setValue(field: 'customerPhone', value: string): void;
};

/**
 * The customer's e-mail and phone on a service record, as the add-service wizard asks for them and the admin's edit
 * dialog corrects them: bound to the form's fields, named as the API names them.
 */
export function CustomerContactFields({ form, isOptional = false }: { form: TContactForm; isOptional?: boolean }) {
  const suffix = isOptional ? ' (optional)' : '';
  return (
    <>
      <FormField
        label={`Customer email${suffix}`}
        type="email"
        inputMode="email"
        autoComplete="off"
        spellCheck={false}
        {...form.bindField('customerEmail')}
        name="customer_email"
      />
      <PhoneField
        label={`Customer phone${suffix}`}
        autoComplete="off"
        {...form.bindField('customerPhone')}
        name="customer_phone"
        onPhoneChange={(digits) => form.setValue('customerPhone', digits)}
      />
    </>
  );
}
