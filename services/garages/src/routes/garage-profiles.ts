import express, { Router, type RequestHandler } from 'express';
import {
  LOGO_MAX_BYTES,
  LOGO_UPLOAD_TYPES,
  MESSAGES,
  ZGarageDirectoryQuerySchema,
  ZGarageSlugParamSchema,
  ZUpdateGarageDetailsRequestSchema,
  GARAGE_PROFILE_MESSAGES,
} from '@sh/shared/contract';
import { AppError, authenticate, parseOrThrow, requireRole, type Pool, type TokenVerifier } from '@sh/shared/server';
import { findGarages } from '../domain/find-garages.js';
import { getPublicGarageProfile } from '../domain/get-public-garage-profile.js';
import { replaceGarageLogo } from '../domain/replace-garage-logo.js';
import { updateGarageDetails } from '../domain/update-garage-details.js';
import { findGarageLogo } from '../store/find-garage-logo.js';

/** How long a browser or proxy may keep a public page's answer or a logo (a new logo has a new address). */
const PUBLIC_CACHE = 'public, max-age=300';

/**
 * The logo's body, read only after the owner is known: at most LOGO_MAX_BYTES (one more is a 413 with the logo's own
 * message, not the parser's), and only as one of LOGO_UPLOAD_TYPES (an SVG's image/svg+xml is a 415). The gateway
 * streams bodies through without a limit of its own, so this is the one (docs/architecture.md#the-gateway).
 */
function logoBody(): RequestHandler {
  const parse = express.raw({ type: () => true, limit: LOGO_MAX_BYTES });
  return (req, res, next) => {
    if (!req.is([...LOGO_UPLOAD_TYPES]))
      return next(new AppError('unsupported_media_type', GARAGE_PROFILE_MESSAGES.logoNotImage));
    parse(req, res, (error?: unknown) => {
      if ((error as { type?: string } | undefined)?.type === 'entity.too.large')
        return next(new AppError('payload_too_large', GARAGE_PROFILE_MESSAGES.logoTooLarge));
      next(error);
    });
  };
}

/** Garages' public pages and their directory (docs/product.md#garage-profiles), and the owner's changes to the page. */
export function garageProfileRoutes(deps: { pool: Pool; verifier: TokenVerifier }): Router {
  const router = Router();

  router.get('/api/v1/garage-profiles', async (req, res) => {
    const { q } = parseOrThrow(ZGarageDirectoryQuerySchema, req.query);
    const garages = await findGarages(deps.pool, q);
    res.json({ status: 200, data: { garages } });
  });

  router.get('/api/v1/garage-profiles/:slug', async (req, res) => {
    const { slug } = parseOrThrow(ZGarageSlugParamSchema, req.params);
    const garage = await getPublicGarageProfile(deps.pool, slug);
    res.setHeader('cache-control', PUBLIC_CACHE);
    res.json({ status: 200, data: { garage } });
  });

  router.get('/api/v1/garage-profiles/:slug/logo', async (req, res) => {
    const { slug } = parseOrThrow(ZGarageSlugParamSchema, req.params);
    const logo = await findGarageLogo(deps.pool, slug);
    if (!logo) throw new AppError('not_found', MESSAGES.platform.notFound);
    res.setHeader('content-type', logo.logo_type);
    res.setHeader('cache-control', PUBLIC_CACHE);
    res.setHeader('last-modified', logo.logo_updated_at.toUTCString());
    res.end(logo.logo);
  });

  // Order of checks: token (401), the garage's owner (403: a technician too), body (400), garage (404; 403 suspended).
  router.patch('/api/v1/garages/me/profile', authenticate(deps.verifier), requireRole('garage'), async (req, res) => {
    const input = parseOrThrow(ZUpdateGarageDetailsRequestSchema, req.body ?? {});
    const garage = await updateGarageDetails(deps.pool, req.auth!.sub, input);
    res.json({ status: 200, message: GARAGE_PROFILE_MESSAGES.detailsUpdated, data: { garage } });
  });

  return router;
}

/** The owner's logo upload: mounted before the JSON parser (rawRoutes), as its body is the image itself. */
export function garageLogoUploadRoutes(deps: { pool: Pool; verifier: TokenVerifier }): Router {
  const router = Router();
  // Token (401), owner (403), media type (415), size (413), garage (404; 403 suspended), an image (400).
  router.put(
    '/api/v1/garages/me/logo',
    authenticate(deps.verifier),
    requireRole('garage'),
    logoBody(),
    async (req, res) => {
      const upload = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const logoUrl = await replaceGarageLogo(deps.pool, req.auth!.sub, upload);
      res.json({ status: 200, message: GARAGE_PROFILE_MESSAGES.logoUpdated, data: { logo_url: logoUrl } });
    },
  );

  return router;
}
