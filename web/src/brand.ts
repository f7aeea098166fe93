/** The product's name and strapline, kept in one place so the copy can change without a hunt. */
export const BRAND = {
  name: 'ServiceStamp',
  strapline: 'Verified service history for UK vehicles',
  domain: 'servicestamp.co.uk',
} as const;

/** Where customers write for help; shown on the checkout pages (SPEC.md section 2) and the contact page. */
export const SUPPORT_EMAIL = `support@${BRAND.domain}`;
