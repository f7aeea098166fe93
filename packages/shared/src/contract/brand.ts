/**
 * The product's name, strapline and domain: the one place the brand lives, read by the web app, the mails, the
 * API documents and the start-up banner. (Chosen so that no UK vehicle-history product uses it.)
 */
export const BRAND = {
  name: 'Wrenchmark',
  strapline: 'Verified service history for UK vehicles',
  domain: 'wrenchmark.co.uk',
} as const;

/** Where customers write for help; shown on the checkout pages (docs/product.md#pricing-and-checkout) and the contact page. */
export const SUPPORT_EMAIL = `support@${BRAND.domain}`;
