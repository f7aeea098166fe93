/** The product's name and strapline, kept in one place so the copy can change without a hunt. */
export const BRAND = {
  name: 'ServiceStamp',
  strapline: 'Verified service history for UK vehicles',
} as const;
