/**
 * What the claims test (e2e/claims.e2e.test.ts, issue 26) allows the public pages to name. A page may name only
 * organisations it has a reason to: the sources the data comes from, the payment provider it sends garages to, the
 * platform itself and the company configured as running it; garages appear only where records' API names them (marked
 * data-computed). A real partner is added here only once it has agreed to be named.
 */
import { BRAND } from '@sh/shared/contract';

/** The invented partner brands the home page once showed as real (web/src/components/PartnerLogos.tsx, in git history). */
export const INVENTED_BRANDS = [
  'Northway Motors',
  'Kestrel Auto Parts',
  'Apex Tyre Co.',
  'Meridian Motor Group',
  'Brightline Fleet Services',
  'Thistle Garage Network',
] as const;

/** Organisations the pages may name, and the company the build was configured with (VITE_COMPANY_NAME). */
export function allowedOrganisations(env: NodeJS.ProcessEnv = process.env): string[] {
  const configured = env.VITE_COMPANY_NAME?.trim();
  return [
    'DVLA',
    'DVSA',
    'Companies House',
    'Stripe',
    "Information Commissioner's Office",
    BRAND.name,
    ...(configured ? [configured] : []),
  ];
}

/**
 * Phrases that look like an organisation's name (capitalised words ending as company names do) but are the site's own
 * words: a button, a heading.
 */
export const OWN_PHRASES = ['Add My Garage', 'Register your garage'] as const;

/** A name a company or a partner would have: one to three capitalised words and a company-like ending. */
export const ORGANISATION_LIKE =
  /\b(?:[A-Z][\w&'.-]*\s+){1,3}(?:Ltd|Limited|plc|PLC|LLP|Motors|Motor Group|Motor Works|Motor Engineers|Motor Services|Auto Parts|Auto Centre|Autocentre|Service Centre|Tyres|Tyre Co\.?|Fleet Services|Garage Network|Garage|Garages|Group|Autos|Automotive)\b/g;

/** A number followed by a per cent sign. */
export const PERCENTAGE = /\d+(?:\.\d+)?\s?%/g;
