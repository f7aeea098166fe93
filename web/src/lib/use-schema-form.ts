import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { fieldErrorsOf, messageOf } from './error-message';

type TIssue = { readonly path: readonly PropertyKey[]; readonly message: string };

/** Anything with zod's safeParse: a schema of @sh/shared/contract, or one built from it in web/ (lib/form-schemas.ts). */
export type TFormSchema<TOutput> = {
  safeParse(
    input: unknown,
  ): { success: true; data: TOutput } | { success: false; error: { issues: readonly TIssue[] } };
};

/** A message per field, for the fields that have one. */
export type TFieldErrors<TField extends string> = Partial<Record<TField, string>>;

/**
 * Thrown from a form's onSubmit when the page turns the values down itself (a duplicate found, a login
 * refused): the messages to show under fields, by field, and the one above the form, if any.
 */
export class FormRejection extends Error {
  readonly fieldErrors: Readonly<Record<string, string>>;

  constructor(fieldErrors: Readonly<Record<string, string>>, message = '') {
    super(message);
    this.name = 'FormRejection';
    this.fieldErrors = fieldErrors;
  }
}

type TStringField<TValues> = { [K in keyof TValues]: TValues[K] extends string ? K : never }[keyof TValues] & string;
type TBooleanField<TValues> = { [K in keyof TValues]: TValues[K] extends boolean ? K : never }[keyof TValues] & string;

/** What a form is made of: see useSchemaForm. */
export type TSchemaFormOptions<TValues extends Record<string, unknown>, TOutput, TResult> = {
  /** The form's fields with their starting values; the keys' order is the form's order (focus, shown-once). */
  initialValues: TValues;
  /** The schema the whole form is checked with on submit. */
  schema?: TFormSchema<TOutput>;
  /** The schema's input made from the values (default: the values as they are). */
  toInput?: (values: TValues) => unknown;
  /** Schema and API paths that name a field of another name (full_name: 'fullName'); a field's own name needs none. */
  paths?: Readonly<Record<string, keyof TValues & string>>;
  /** Sends the checked values; what it resolves to is kept as `result`. A throw keeps the form, with the error shown. */
  onSubmit?: (data: TOutput, values: TValues) => TResult | Promise<TResult>;
  /** The message above the form for a failed submit: the server's own message, else this fallback (see messageOf). */
  failureMessage?: string | ((error: unknown) => string);
};

/**
 * The one way to hold a form: its values, a message per field and above the form, and its submit state.
 *
 * Messages come from the schema's issues (the first per field; an issue that names no field of the form is
 * the form's message) and from the server's error envelope (`errors: [{path, message}]` under their fields,
 * its message above the form unless it already stands under a field). A message several fields share ('All
 * fields are required.') is printed once, under the first of them; the others are only marked invalid.
 * Editing a field clears its message. A failed check moves the focus to the first field with a message.
 */
export function useSchemaForm<TValues extends Record<string, unknown>, TOutput = TValues, TResult = void>(
  options: TSchemaFormOptions<TValues, TOutput, TResult>,
) {
  type TField = keyof TValues & string;
  const order = Object.keys(options.initialValues) as TField[];
  const [values, setValues] = useState<TValues>(options.initialValues);
  const [errors, setErrors] = useState<TFieldErrors<TField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<'editing' | 'submitting' | 'submitted'>('editing');
  const [result, setResult] = useState<{ value: TResult } | null>(null);
  const elements = useRef<Partial<Record<TField, HTMLElement | null>>>({});
  // A field to focus once it is on the page (a control that the same change brings in).
  const pendingFocus = useRef<TField | null>(null);
  const isSubmitting = useRef(false);

  useEffect(() => {
    const field = pendingFocus.current;
    const element = field ? elements.current[field] : null;
    if (!element) return;
    pendingFocus.current = null;
    element.focus();
  });

  function findFieldOfPath(path: string): TField | undefined {
    const mapped = options.paths?.[path];
    if (mapped) return mapped;
    return order.includes(path as TField) ? (path as TField) : undefined;
  }

  function toFieldErrors(byPath: Readonly<Record<string, string>>): TFieldErrors<TField> {
    const found: TFieldErrors<TField> = {};
    for (const [path, message] of Object.entries(byPath)) {
      const field = findFieldOfPath(path);
      if (field && !found[field]) found[field] = message;
    }
    return found;
  }

  /** Moves the focus to a field now, or as soon as it is on the page. */
  function focus(field: TField) {
    const element = elements.current[field];
    if (element?.isConnected) {
      pendingFocus.current = null;
      element.focus();
    } else {
      pendingFocus.current = field;
    }
  }

  function focusFirst(found: TFieldErrors<TField>) {
    const first = order.find((field) => found[field]);
    const element = first ? elements.current[first] : null;
    if (element?.isConnected) element.focus();
  }

  /** Shows these messages in place of every other field message, and focuses the first. */
  function showErrors(found: TFieldErrors<TField>) {
    setErrors(found);
    focusFirst(found);
  }

  /** Adds these messages to those shown. */
  function addErrors(found: TFieldErrors<TField>) {
    setErrors((current) => ({ ...current, ...found }));
  }

  function clearErrors(...fields: TField[]) {
    setErrors((current) => {
      const next = { ...current };
      for (const field of fields) delete next[field];
      return next;
    });
  }

  function setValue<TKey extends TField>(field: TKey, value: TValues[TKey]) {
    pendingFocus.current = null;
    setValues((current) => ({ ...current, [field]: value }));
    clearErrors(field);
  }

  /**
   * Checks `input` with `schema` (by default the form's own, on the values). The messages found replace
   * those of `fields` (by default every field) and the first field with one takes the focus; an issue that
   * names no field becomes the form's message. Answers the parsed data, or null.
   */
  function check<TChecked = TOutput>(
    schema: TFormSchema<TChecked> = options.schema as unknown as TFormSchema<TChecked>,
    input: unknown = options.toInput ? options.toInput(values) : values,
    fields: readonly TField[] = order,
  ): TChecked | null {
    const parsed = schema.safeParse(input);
    const found: TFieldErrors<TField> = {};
    let unplaced: string | null = null;
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = findFieldOfPath(String(issue.path[0] ?? ''));
        if (field) found[field] ??= issue.message;
        else unplaced ??= issue.message;
      }
    }
    setErrors((current) => {
      const next = { ...current };
      for (const field of fields) delete next[field];
      return { ...next, ...found };
    });
    if (unplaced) setFormError(unplaced);
    focusFirst(found);
    return parsed.success ? parsed.data : null;
  }

  /** The server's field messages (its error envelope's `errors`), on the form's fields. */
  function mapServerErrors(error: unknown): TFieldErrors<TField> {
    return toFieldErrors(fieldErrorsOf(error));
  }

  function showFailure(error: unknown) {
    if (error instanceof FormRejection) {
      showErrors(toFieldErrors(error.fieldErrors));
      setFormError(error.message || null);
      return;
    }
    const found = mapServerErrors(error);
    const { failureMessage } = options;
    const message = typeof failureMessage === 'function' ? failureMessage(error) : messageOf(error, failureMessage);
    // The message once: above the form unless it already stands under its field.
    if (!Object.values(found).includes(message)) setFormError(message);
    if (Object.keys(found).length > 0) showErrors(found);
  }

  /** Checks the whole form and, when it passes, sends it with onSubmit. */
  async function submit() {
    if (isSubmitting.current || !options.schema || !options.onSubmit) return;
    setFormError(null);
    setResult(null);
    const data = check();
    if (data === null) return;
    isSubmitting.current = true;
    setStatus('submitting');
    try {
      const value = await options.onSubmit(data, values);
      setResult({ value });
      setStatus('submitted');
    } catch (error) {
      setStatus('editing');
      showFailure(error);
    } finally {
      isSubmitting.current = false;
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit();
  }

  /** Back to an empty form (or the values given), without messages. */
  function reset(next: TValues = options.initialValues) {
    setValues(next);
    setErrors({});
    setFormError(null);
    setResult(null);
    setStatus('editing');
  }

  /** Keeps a field's element, so that the form can move the focus to it. */
  function register(field: TField) {
    return (element: HTMLElement | null) => {
      elements.current[field] = element;
    };
  }

  const shownErrors = messagesShownOnce(errors, order);

  /** The props of a text control (FormField, TextAreaField, SelectField, PhoneField) for one field. */
  function bindField<TKey extends TStringField<TValues>>(name: TKey) {
    return {
      name,
      value: values[name] as string,
      error: shownErrors[name],
      isInvalid: Boolean(errors[name]),
      ref: register(name),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        setValue(name, event.target.value as TValues[TKey]),
    };
  }

  /** The props of a CheckboxField for one field. */
  function bindCheckbox<TKey extends TBooleanField<TValues>>(name: TKey) {
    return {
      name,
      checked: values[name] as boolean,
      error: shownErrors[name],
      ref: register(name),
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.checked as TValues[TKey]),
    };
  }

  return {
    values,
    errors,
    formError,
    status,
    isSubmitting: status === 'submitting',
    /** What the last successful onSubmit resolved to, until the next submit or reset. */
    result: result?.value ?? null,
    setValue,
    setFormError,
    bindField,
    bindCheckbox,
    register,
    focus,
    check,
    showErrors,
    addErrors,
    clearErrors,
    mapServerErrors,
    submit,
    handleSubmit,
    reset,
  };
}

/**
 * Which message to print under which field: a message that several fields share is printed once, under the
 * first of them in the form's order; the others are only marked invalid.
 */
function messagesShownOnce<TField extends string>(
  errors: TFieldErrors<TField>,
  order: readonly TField[],
): TFieldErrors<TField> {
  const shown: TFieldErrors<TField> = {};
  const printed = new Set<string>();
  for (const field of order) {
    const message = errors[field];
    if (!message || printed.has(message)) continue;
    printed.add(message);
    shown[field] = message;
  }
  return shown;
}
