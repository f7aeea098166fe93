/** Helpers for forms checked with a shared schema: from the schema's issues to one message per field. */

type TIssue = { readonly path: readonly PropertyKey[]; readonly message: string };

/** The first message for each top-level path ("email", "best_time"), from a schema's issues. */
export function firstIssueByPath(issues: readonly TIssue[]): Record<string, string> {
  const byPath: Record<string, string> = {};
  for (const issue of issues) byPath[String(issue.path[0] ?? '')] ??= issue.message;
  return byPath;
}

/** Maps messages keyed by API path onto the form's fields (the first per field); unknown paths are dropped. */
export function toFieldErrors<TField extends string>(
  byPath: Record<string, string>,
  fieldOfPath: Readonly<Record<string, TField>>,
): Partial<Record<TField, string>> {
  const errors: Partial<Record<TField, string>> = {};
  for (const [path, message] of Object.entries(byPath)) {
    const field = fieldOfPath[path];
    if (field && !errors[field]) errors[field] = message;
  }
  return errors;
}

/**
 * Which message to print under which field: a message that several fields share ('All fields are
 * required.') is printed once, under the first of them in the form's order; the others are only marked invalid.
 */
export function messagesShownOnce<TField extends string>(
  errors: Partial<Record<TField, string>>,
  order: readonly TField[],
): Partial<Record<TField, string>> {
  const shown: Partial<Record<TField, string>> = {};
  const printed = new Set<string>();
  for (const field of order) {
    const message = errors[field];
    if (!message || printed.has(message)) continue;
    printed.add(message);
    shown[field] = message;
  }
  return shown;
}

/** The first field in the form's order that has an error, to move the focus to. */
export function firstFieldWithError<TField extends string>(
  errors: Partial<Record<TField, string>>,
  order: readonly TField[],
): TField | undefined {
  return order.find((field) => errors[field]);
}
