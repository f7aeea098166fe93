import type { Ref, TextareaHTMLAttributes } from 'react';
import { Field, splitFieldProps, type TFieldProps } from './Field';

type TTextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className' | 'children'> & {
  ref?: Ref<HTMLTextAreaElement>;
};

/** A labelled box for a longer text (see Field). */
export function TextAreaField(props: TFieldProps & TTextAreaProps) {
  const [field, textArea] = splitFieldProps<TTextAreaProps>(props);
  return (
    <Field {...field}>
      {(control) => <textarea className="text-input textarea-input" {...control} {...textArea} />}
    </Field>
  );
}
