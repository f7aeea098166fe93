import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field, splitFieldProps, type TFieldProps } from './Field';

type TInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'children'> & {
  ref?: Ref<HTMLInputElement>;
};

/** A labelled text input (see Field), with room for a button beside it (`action`, a Validate button). */
export function FormField({ action, ...props }: TFieldProps & TInputProps & { action?: ReactNode }) {
  const [field, input] = splitFieldProps<TInputProps>(props);
  return (
    <Field {...field}>
      {(control) => (
        <div className={action ? 'form-field__row' : undefined}>
          <input className="text-input" {...control} {...input} />
          {action}
        </div>
      )}
    </Field>
  );
}
