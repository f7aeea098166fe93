import type { InputHTMLAttributes, Ref } from 'react';
import { Field, splitFieldProps, type TFieldProps } from './Field';

type TCheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'children' | 'type'> & {
  ref?: Ref<HTMLInputElement>;
};

/** A checkbox with its label beside it and an error under it (see Field). */
export function CheckboxField(props: TFieldProps & TCheckboxProps) {
  const [field, input] = splitFieldProps<TCheckboxProps>(props);
  return (
    <Field layout="checkbox" {...field}>
      {(control) => <input type="checkbox" className="checkbox-field__input" {...control} {...input} />}
    </Field>
  );
}
