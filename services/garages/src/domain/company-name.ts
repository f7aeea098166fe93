/**
 * Company names compared the way a person would: case, punctuation, spacing, "&" against "and", and the
 * LTD / LIMITED suffix (written either way, or left off) make no difference. Any other word does.
 */
export function normaliseCompanyName(name: string): string {
  const words = name
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .replace(/[&+]/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => (word === 'ltd' ? 'limited' : word));
  if (words.length > 1 && words.at(-1) === 'limited') words.pop();
  return words.join('');
}

/** Whether a typed name is the registered name, as normaliseCompanyName compares them. */
export function companyNamesMatch(typed: string, registered: string): boolean {
  const normalised = normaliseCompanyName(typed);
  return normalised.length > 0 && normalised === normaliseCompanyName(registered);
}
