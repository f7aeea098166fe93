import type { Ref, SelectHTMLAttributes } from 'react';
import { Field, splitFieldProps, type TFieldProps } from './Field';

type TSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'children'> & {
  ref?: Ref<HTMLSelectElement>;
};

/**
 * A labelled drop-down list (see Field). `placeholder` is a first, unselectable option shown while nothing
 * is chosen (value '').
 */
export function SelectField({
  options,
  placeholder,
  ...props
}: TFieldProps & TSelectProps & { options: readonly { value: string; label: string }[]; placeholder?: string }) {
  const [field, select] = splitFieldProps<TSelectProps>(props);
  const isShowingPlaceholder = placeholder !== undefined && (select.value ?? '') === '';
  return (
    <Field {...field}>
      {(control) => (
        <select
          className={`text-input select-input${isShowingPlaceholder ? ' is-placeholder' : ''}`}
          {...control}
          {...select}
        >
          {placeholder !== undefined ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
