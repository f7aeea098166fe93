import { z } from 'zod';
import { successEnvelope } from './envelope.js';
import { MESSAGES } from './messages.js';
import type { TOperation } from './openapi.js';

/** A garage's public profile, its logo and the directory of subscribed garages (docs/product.md#garage-profiles). */

/** What the profile's calls answer (kept out of MESSAGES, which the first page loads whole). */
export const GARAGE_PROFILE_MESSAGES = {
  detailsUpdated: 'Profile updated',
  logoUpdated: 'Logo updated',
  logoTooLarge: 'A logo can be at most 1 MB. Please choose a smaller image.',
  logoNotImage: 'A logo must be a PNG, JPEG or WebP image (SVG is not accepted)',
  searchTooShort: 'Enter a town or a postcode district, such as Harrogate or HG1',
} as const;

/** The most bytes a logo upload may have (1 MB); larger is a 413 (GARAGE_PROFILE_MESSAGES.logoTooLarge). */
export const LOGO_MAX_BYTES = 1024 * 1024;
/** The media types a logo may be uploaded as; anything else (SVG above all) is refused. */
export const LOGO_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The longest side of a stored logo, in pixels: the service re-encodes every upload to at most this. */
export const LOGO_MAX_SIDE = 512;

/** A garage's slug: lower-case letters and digits in hyphen-separated words, as garages gives them. */
export const ZGarageSlugSchema = z
  .string()
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, MESSAGES.platform.notFound);
export const ZGarageSlugParamSchema = z.object({ slug: ZGarageSlugSchema });

/** A garage as its public page shows it. */
export const ZPublicGarageProfileSchema = z.object({
  id: z.string().uuid(),
  slug: z.string(),
  name: z.string(),
  address: z.string(),
  town: z.string(),
  postcode_district: z.string(),
  phone: z.string(),
  /** The owner's own words; empty until written. */
  opening_hours: z.string(),
  services_offered: z.string(),
  /** Where the logo is served (its path under /api/v1, versioned by its last change), or null when there is none. */
  logo_url: z.string().nullable(),
  /** The Companies House check the garage passed at signup: the registered name and number, and since when. */
  company: z.object({ name: z.string(), number: z.string(), verified_since: z.string() }),
  /** Subscribed and not suspended: listed in the directory. A garage that is not keeps its page for its records. */
  listed: z.boolean(),
});
export type TPublicGarageProfile = z.infer<typeof ZPublicGarageProfileSchema>;

// GET /api/v1/garage-profiles/{slug}
export const ZPublicGarageProfileResponseSchema = successEnvelope(z.object({ garage: ZPublicGarageProfileSchema }));
export type TPublicGarageProfileResponse = z.infer<typeof ZPublicGarageProfileResponseSchema>;

// GET /api/v1/garage-profiles?q=... : by town (from its start, any case) or postcode district (exactly).
export const ZGarageDirectoryQuerySchema = z.object({
  q: z
    .string({ error: GARAGE_PROFILE_MESSAGES.searchTooShort })
    .trim()
    .min(2, GARAGE_PROFILE_MESSAGES.searchTooShort)
    .max(60, GARAGE_PROFILE_MESSAGES.searchTooShort),
});
export const ZGarageDirectoryEntrySchema = ZPublicGarageProfileSchema.pick({
  slug: true,
  name: true,
  address: true,
  town: true,
  postcode_district: true,
  logo_url: true,
});
export type TGarageDirectoryEntry = z.infer<typeof ZGarageDirectoryEntrySchema>;
/** The most garages one search answers. */
export const GARAGE_DIRECTORY_LIMIT = 50;
export const ZGarageDirectoryResponseSchema = successEnvelope(
  z.object({ garages: z.array(ZGarageDirectoryEntrySchema) }),
);
export type TGarageDirectoryResponse = z.infer<typeof ZGarageDirectoryResponseSchema>;

// PATCH /api/v1/garages/me/profile (the garage's owner)
export const ZUpdateGarageDetailsRequestSchema = z.object({
  opening_hours: z.string().trim().max(500),
  services_offered: z.string().trim().max(1000),
});
export type TUpdateGarageDetailsRequest = z.input<typeof ZUpdateGarageDetailsRequestSchema>;
export const ZUpdateGarageDetailsResponseSchema = successEnvelope(z.object({ garage: ZPublicGarageProfileSchema }));

// PUT /api/v1/garages/me/logo (the garage's owner): the image itself is the body (LOGO_UPLOAD_TYPES).
export const ZUpdateGarageLogoResponseSchema = successEnvelope(z.object({ logo_url: z.string() }));
export type TUpdateGarageLogoResponse = z.infer<typeof ZUpdateGarageLogoResponseSchema>;

// GET /api/v1/garage-profiles/{slug}/logo: the stored logo (image/png or image/webp).
export const ZGarageLogoDownloadSchema = z.string();

// GET /api/v1/garage-profiles/{id}/services-logged (records): how many services the garage has on the platform.
export const ZGarageIdParamSchema = z.object({ id: z.string().uuid() });
export const ZGarageServicesLoggedResponseSchema = successEnvelope(
  z.object({ garage_id: z.string().uuid(), services_logged: z.number().int().nonnegative() }),
);
export type TGarageServicesLoggedResponse = z.infer<typeof ZGarageServicesLoggedResponseSchema>;

/**
 * Records answers the count (it owns the records; garages never asks it): its entry in OPERATIONS, listed with
 * records' calls (operations/records.ts). Withdrawn records are not counted.
 */
export const GARAGE_SERVICES_LOGGED_OPERATION: TOperation = {
  method: 'get',
  path: '/garage-profiles/{id}/services-logged',
  operationId: 'countGarageServicesLogged',
  summary: 'How many services a garage has logged on the platform (its records in the public history)',
  tag: 'Garages',
  auth: 'public',
  service: 'records',
  budget: 'general',
  pathParams: ZGarageIdParamSchema,
  response: ZGarageServicesLoggedResponseSchema,
  errors: [400],
};
