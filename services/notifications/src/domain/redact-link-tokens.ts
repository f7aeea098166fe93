/** What a link's token becomes in a mail kept after it can no longer be sent. */
export const REDACTED_TOKEN = '[redacted]';

/** A token query parameter of a link, as it stands in a mail's text or HTML (after ?, & or &amp;). */
const TOKEN_PARAMETER = /([?&;]token=)[^&\s"'<>]+/g;

/**
 * A mail's text, HTML or an error about it with the token of every link replaced: a reset, confirmation or undo
 * link is a credential, and what is kept of a mail that failed for good must not hold one. The rest stays readable.
 */
export function redactLinkTokens(text: string): string {
  return text.replace(TOKEN_PARAMETER, `$1${REDACTED_TOKEN}`);
}
