import { createHmac, randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import jwt from 'jsonwebtoken';
import { API_KEY_MESSAGES, API_KEY_SCOPES, API_KEY_START, mayApiKey, type TApiKeyScope } from '../contract/api-keys.js';
import { MESSAGES } from '../contract/messages.js';
import { bearerToken, JWT_ALGORITHM, JWT_ISSUER, type TokenVerifier } from './auth.js';
import { AppError } from './errors.js';
import { garageIdOf } from './garage-team.js';
import { mayGarage } from '../contract/team.js';

/**
 * API keys for garage systems (docs/architecture.md#api-keys). The key itself reaches the gateway only: the gateway asks
 * identity to resolve it, and forwards in its place a key token identity signed (RS256, identity's key) for this
 * audience alone, which no verifier of access tokens accepts. A service lets a key token through only on the calls it
 * names (authenticateApiKey, authenticateGarageOrApiKey).
 */
export const API_KEY_TOKEN_AUDIENCE = 'service-history:api-key';
/** A key token lives a minute: it is made for one request and never leaves the platform. */
export const API_KEY_TOKEN_TTL_SECONDS = 60;

/** Who a key token says the caller is: the garage, and the key that made the call with its scope. */
export interface TApiKeyClaims {
  garageId: string;
  keyId: string;
  /** The key's name, which a record it logs carries. */
  keyName: string;
  /** What the key may do (API_KEY_SCOPES), checked by the service that takes the token. */
  scope: TApiKeyScope;
}

declare module 'express-serve-static-core' {
  interface Request {
    apiKey?: TApiKeyClaims;
  }
}

/** Signs a key token (identity only). */
export function signApiKeyToken(privateKey: string, claims: TApiKeyClaims): string {
  return jwt.sign({ keyId: claims.keyId, keyName: claims.keyName, scope: claims.scope }, privateKey, {
    algorithm: JWT_ALGORITHM,
    subject: claims.garageId,
    issuer: JWT_ISSUER,
    audience: API_KEY_TOKEN_AUDIENCE,
    expiresIn: API_KEY_TOKEN_TTL_SECONDS,
  });
}

/** The claims of a valid key token under a public key; throws for anything else. */
export function verifyApiKeyTokenWith(token: string, publicKey: string): TApiKeyClaims {
  const decoded = jwt.verify(token, publicKey, {
    algorithms: [JWT_ALGORITHM],
    issuer: JWT_ISSUER,
    audience: API_KEY_TOKEN_AUDIENCE,
  });
  const claims = (typeof decoded === 'object' ? decoded : {}) as Record<string, unknown>;
  const { sub, keyId, keyName } = claims;
  // A token signed before keys had scopes (a minute's worth, while identity is deployed) may only log.
  const scope = claims.scope ?? 'log';
  if (typeof sub !== 'string' || typeof keyId !== 'string' || typeof keyName !== 'string' || !isScope(scope)) {
    throw new jwt.JsonWebTokenError('key token claims are incomplete');
  }
  return { garageId: sub, keyId, keyName, scope };
}

function isScope(scope: unknown): scope is TApiKeyScope {
  return typeof scope === 'string' && Object.hasOwn(API_KEY_SCOPES, scope);
}

/** A new key: `wm_live_`, its prefix (8 of a-z0-9, 40 random bits) and its secret (256 random bits, base64url). */
export function generateApiKey(): { key: string; prefix: string } {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const prefix = Array.from(randomBytes(8), (byte) => alphabet[byte % alphabet.length]).join('');
  return { key: `${API_KEY_START}${prefix}_${randomBytes(32).toString('base64url')}`, prefix };
}

/**
 * How a key is stored: HMAC-SHA-256 under identity's API_KEY_HASH_KEY, hex. A key's secret has 256 random bits, so a
 * fast hash is enough (no password hash's work factor is needed to stop guessing); the HMAC's key means a copy of
 * the table alone cannot even check a key.
 */
export function hashApiKey(key: string, hashKey: Buffer): string {
  return createHmac('sha256', hashKey).update(key).digest('hex');
}

/**
 * Lets through only a request with a valid key token (the gateway's, for an API key) whose scope may log services, and
 * sets req.apiKey; a user's valid access token is a 403 (the call is a key's alone), anything else a 401.
 */
export function authenticateApiKey(verifier: TokenVerifier): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const token = bearerToken(req);
    if (!token) return next(new AppError('unauthorized', MESSAGES.platform.unauthorized));
    verifier.verifyApiKeyToken(token).then(
      (claims) => {
        if (!mayApiKey(claims.scope, 'creates-record')) return next(outOfScope());
        req.apiKey = claims;
        next();
      },
      (error: unknown) =>
        verifier.verify(token).then(
          () => next(new AppError('forbidden', MESSAGES.platform.forbidden)),
          () => next(error),
        ),
    );
  };
}

/**
 * For a read of the garage's records that both its team and its keys may make (docs/architecture.md#api-keys): an
 * access token of a member of the team who may read the garage's records sets req.auth (another role is a 403), a key
 * token whose scope may read ('log-and-read') req.apiKey (a 'log' key is a 403); anything else is a 401. `garageOf`
 * then names the garage either way.
 */
export function authenticateGarageOrApiKey(verifier: TokenVerifier): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const token = bearerToken(req);
    if (!token) return next(new AppError('unauthorized', MESSAGES.platform.unauthorized));
    verifier.verify(token).then(
      (claims) => {
        if (!mayGarage(claims.role, 'readRecords')) return next(new AppError('forbidden', MESSAGES.platform.forbidden));
        req.auth = claims;
        next();
      },
      (error: unknown) =>
        verifier.verifyApiKeyToken(token).then(
          (claims) => {
            if (!mayApiKey(claims.scope, 'reads')) return next(outOfScope());
            req.apiKey = claims;
            next();
          },
          () => next(error),
        ),
    );
  };
}

/** A key's call that its scope does not allow: 403, saying what the key may do. */
function outOfScope(): AppError {
  return new AppError('forbidden', API_KEY_MESSAGES.notInScope);
}

/** The garage a request authenticated by authenticateGarageOrApiKey (or authenticateApiKey) acts for. */
export function garageOf(req: Request): string {
  if (req.auth) return garageIdOf(req.auth);
  const garageId = req.apiKey?.garageId;
  if (!garageId) throw new AppError('unauthorized', MESSAGES.platform.unauthorized);
  return garageId;
}
