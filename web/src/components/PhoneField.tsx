import type { ComponentProps } from 'react';
import { toPhoneInput } from '../lib/form-schemas';
import { FormField } from './FormField';

/**
 * A UK phone number field (docs/product.md#validation-rules): only digits are kept, at most 11, as typed or pasted. There is
 * no maxLength, so "01632 960 555" pasted whole still yields its 11 digits.
 */
export function PhoneField({
  onPhoneChange,
  label = 'Phone number',
  ...fieldProps
}: Omit<ComponentProps<typeof FormField>, 'label' | 'onChange' | 'type'> & {
  label?: string;
  onPhoneChange: (digits: string) => void;
}) {
  return (
    <FormField
      label={label}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      hint="11 digits starting with 0"
      {...fieldProps}
      onChange={(event) => onPhoneChange(toPhoneInput(event.target.value))}
    />
  );
}
