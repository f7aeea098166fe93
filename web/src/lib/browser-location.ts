/**
 * Leaves the app for another page (Stripe checkout, the billing portal). Kept in its own module so tests can
 * replace it: jsdom cannot navigate.
 */
export function sendBrowserTo(url: string): void {
  window.location.assign(url);
}

/** This site's origin, for the return addresses given to Stripe. */
export function siteOrigin(): string {
  return window.location.origin;
}
