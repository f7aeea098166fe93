import type { ComponentProps } from 'react';
import { FormField } from './FormField';

/** An e-mail address field: the keyboard, autofill and spelling of an address. */
export function EmailField({
  label = 'Email',
  ...fieldProps
}: Omit<ComponentProps<typeof FormField>, 'label' | 'type'> & { label?: string }) {
  return (
    <FormField label={label} type="email" inputMode="email" autoComplete="email" spellCheck={false} {...fieldProps} />
  );
}
