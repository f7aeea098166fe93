import type { RequestHandler } from 'express';
import { bearerToken, type TokenVerifier } from '@sh/shared/server';

/**
 * For public forms: sets req.auth when the request carries a valid access token, and otherwise lets the
 * request through as a visitor. A stale token or an identity outage never stops someone writing to us.
 */
export function identifyCaller(verifier: TokenVerifier): RequestHandler {
  return (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) return next();
    verifier.verify(token).then(
      (claims) => {
        req.auth = claims;
        next();
      },
      () => {
        req.log.debug('access token not accepted; treating the caller as a visitor');
        next();
      },
    );
  };
}
