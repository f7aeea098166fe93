import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import jwt from 'jsonwebtoken';
import { MESSAGES } from '../contract/messages.js';
import { AppError } from './errors.js';
import type { RevokedUsers } from './revoked-users.js';
import { verifyApiKeyTokenWith, type TApiKeyClaims } from './api-key-tokens.js';
import type { TAuthClaims } from './types.js';
import { traceHeaders } from './tracing.js';

/** Access tokens are signed by identity with RS256 only; no other algorithm is ever accepted. */
export const JWT_ALGORITHM = 'RS256' as const;
export const JWT_ISSUER = 'service-history-identity';
export const JWT_AUDIENCE = 'service-history';

export interface TokenVerifier {
  verify(token: string): Promise<TAuthClaims>;
  /** The claims of a key token the gateway forwards for an API key (api-key-tokens.ts); 401 for anything else. */
  verifyApiKeyToken(token: string): Promise<TApiKeyClaims>;
}

/**
 * Verifies access tokens with identity's public key: a fixed PEM from configuration, or fetched from
 * identity's public-key endpoint and cached for five minutes (refetched when a signature fails, for key
 * rotation, but at most once per `minRefetchMs`, 30 s by default).
 */
export function createTokenVerifier(source: {
  publicKey?: string;
  identityUrl?: string;
  minRefetchMs?: number;
  /**
   * The removed technicians whose tokens no longer count (docs/product.md#the-garages-team): a technician's token is
   * checked against it, so a removal ends their sessions at once.
   */
  revokedUsers?: RevokedUsers;
}): TokenVerifier {
  let cached: { key: string; at: number } | null = source.publicKey ? { key: source.publicKey, at: Infinity } : null;
  // A flood of tokens with bad signatures must not become a flood of key fetches: one refetch per interval.
  const minRefetchMs = source.minRefetchMs ?? 30_000;
  let lastRefetchAt = -Infinity;

  const fetchKey = async (): Promise<string> => {
    if (!source.identityUrl) throw new Error('No JWT public key and no identity URL configured');
    const response = await fetch(`${source.identityUrl}/api/v1/auth/public-key`, { signal: AbortSignal.timeout(2000) });
    if (!response.ok) throw new Error(`identity answered ${response.status} for its public key`);
    const body = (await response.json()) as { data?: { publicKey?: string } };
    const key = body.data?.publicKey;
    if (!key) throw new Error('identity answered without a public key');
    cached = { key, at: Date.now() };
    return key;
  };

  const currentKey = async (): Promise<string> => {
    if (cached && Date.now() - cached.at < 5 * 60_000) return cached.key;
    return fetchKey();
  };

  const verifyWith = (token: string, key: string): TAuthClaims => {
    try {
      return claimsOf(
        jwt.verify(token, key, { algorithms: [JWT_ALGORITHM], issuer: JWT_ISSUER, audience: JWT_AUDIENCE }),
      );
    } catch (error) {
      // An admin's enrolment-only token is no access token anywhere; it is named, so the SPA can send them to enrol.
      if (
        error instanceof jwt.JsonWebTokenError &&
        error.message.startsWith('jwt audience invalid') &&
        verifySecondFactorToken(key, token, 'enrolment')
      ) {
        throw new AppError('second_factor_enrolment_required', MESSAGES.secondFactor.enrolmentRequired);
      }
      throw error;
    }
  };

  const verifyWithRefetch = async <T>(token: string, check: (token: string, key: string) => T): Promise<T> => {
    let key: string;
    try {
      key = await currentKey();
    } catch (error) {
      throw new AppError('service_unavailable', MESSAGES.platform.serviceUnavailable, { cause: error });
    }
    try {
      return check(token, key);
    } catch (error) {
      if (error instanceof AppError) throw error;
      const canRefetch =
        source.identityUrl &&
        !source.publicKey &&
        error instanceof jwt.JsonWebTokenError &&
        error.message === 'invalid signature' &&
        Date.now() - lastRefetchAt >= minRefetchMs;
      if (canRefetch) {
        lastRefetchAt = Date.now();
        try {
          return check(token, await fetchKey());
        } catch (retryError) {
          throw new AppError('unauthorized', MESSAGES.platform.unauthorized, { cause: retryError });
        }
      }
      throw new AppError('unauthorized', MESSAGES.platform.unauthorized, { cause: error });
    }
  };

  return {
    async verify(token) {
      const claims = await verifyWithRefetch(token, verifyWith);
      if (claims.role === 'technician' && source.revokedUsers) await refuseRevoked(source.revokedUsers, claims.sub);
      return claims;
    },
    verifyApiKeyToken: (token) => verifyWithRefetch(token, verifyApiKeyTokenWith),
  };
}

/**
 * The claims of a verified token's payload; throws when any is missing. A technician's token names its garage and
 * the technician's name (docs/product.md#the-garages-team); a garage's own token may name its garage (itself).
 */
function claimsOf(decoded: string | jwt.JwtPayload): TAuthClaims {
  if (typeof decoded !== 'object' || decoded === null) throw new Error('token payload is not an object');
  const { sub, role, email, garageId, name } = decoded as Record<string, unknown>;
  if (
    typeof sub !== 'string' ||
    typeof email !== 'string' ||
    (role !== 'admin' && role !== 'garage' && role !== 'technician' && role !== 'none')
  ) {
    throw new Error('token claims are incomplete');
  }
  if (role === 'technician' && (typeof garageId !== 'string' || typeof name !== 'string'))
    throw new Error("a technician's token names no garage or name");
  return {
    sub,
    role,
    email,
    ...(typeof garageId === 'string' ? { garageId } : {}),
    ...(typeof name === 'string' ? { name } : {}),
  };
}

/** A removed technician's token is refused (401); a mark that cannot be read refuses too (503), never lets through. */
async function refuseRevoked(revokedUsers: RevokedUsers, userId: string): Promise<void> {
  let isRevoked: boolean;
  try {
    isRevoked = await revokedUsers.isRevoked(userId);
  } catch (error) {
    throw new AppError('service_unavailable', MESSAGES.platform.serviceUnavailable, { cause: error });
  }
  if (isRevoked) throw new AppError('unauthorized', MESSAGES.platform.unauthorized);
}

/**
 * The two tokens of a sign-in that still owes its second factor, each with an audience of its own so that no
 * verifier of access tokens ever accepts one: the login's challenge (password proven, code owed) and an admin's
 * enrolment token (password proven, no second factor yet, in production: it may only enrol).
 */
export type TSecondFactorTokenPurpose = 'login-challenge' | 'enrolment';

function secondFactorAudience(purpose: TSecondFactorTokenPurpose): string {
  return `${JWT_AUDIENCE}:second-factor:${purpose}`;
}

/** Signs a second-factor step's token (identity only). */
export function signSecondFactorToken(
  privateKey: string,
  claims: TAuthClaims,
  purpose: TSecondFactorTokenPurpose,
  ttlSeconds: number,
): string {
  return jwt.sign(tokenPayloadOf(claims), privateKey, {
    algorithm: JWT_ALGORITHM,
    subject: claims.sub,
    issuer: JWT_ISSUER,
    audience: secondFactorAudience(purpose),
    expiresIn: ttlSeconds,
  });
}

/** The claims of a valid second-factor step's token of that purpose; null for anything else. */
export function verifySecondFactorToken(
  publicKey: string,
  token: string,
  purpose: TSecondFactorTokenPurpose,
): TAuthClaims | null {
  try {
    return claimsOf(
      jwt.verify(token, publicKey, {
        algorithms: [JWT_ALGORITHM],
        issuer: JWT_ISSUER,
        audience: secondFactorAudience(purpose),
      }),
    );
  } catch {
    return null;
  }
}

/** A token's claims besides its subject: the role and e-mail, and a garage member's garage and name. */
function tokenPayloadOf(claims: TAuthClaims): Record<string, string> {
  return {
    role: claims.role,
    email: claims.email,
    ...(claims.garageId ? { garageId: claims.garageId } : {}),
    ...(claims.name ? { name: claims.name } : {}),
  };
}

/** Reads the bearer token of a request, if any (an express request or the bare one the gateway's fast path sees). */
export function bearerToken(req: Pick<IncomingMessage, 'headers'>): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Verifies the bearer token and sets req.auth. With `optional`, a request without a token passes through. */
export function authenticate(verifier: TokenVerifier, options: { optional?: boolean } = {}): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const token = bearerToken(req);
    if (!token) {
      if (options.optional) return next();
      return next(new AppError('unauthorized', MESSAGES.platform.unauthorized));
    }
    verifier.verify(token).then(
      (claims) => {
        req.auth = claims;
        next();
      },
      (error) => next(error),
    );
  };
}

/** Lets only the given roles through; authenticate must run first. */
export function requireRole(...roles: TAuthClaims['role'][]): RequestHandler {
  return (req, _res, next) => {
    if (!req.auth) return next(new AppError('unauthorized', MESSAGES.platform.unauthorized));
    if (!roles.includes(req.auth.role)) return next(new AppError('forbidden', MESSAGES.platform.forbidden));
    next();
  };
}

/** The header services use to prove themselves on /internal/ routes. */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/** Guards /internal/ routes: only callers holding the shared internal service token get through. */
export function requireInternalToken(expected: string): RequestHandler {
  const expectedBuffer = Buffer.from(expected);
  return (req, _res, next) => {
    const given = Buffer.from(req.header(INTERNAL_TOKEN_HEADER) ?? '');
    const isValid = given.length === expectedBuffer.length && timingSafeEqual(given, expectedBuffer);
    if (!isValid) return next(new AppError('forbidden', MESSAGES.platform.forbidden));
    next();
  };
}

/** Calls another service's /internal/ endpoint with the service token; returns the envelope and its Retry-After. */
export async function callInternal<T>(
  url: string,
  internalToken: string,
  init: { method?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<{
  status: number;
  body: { status: number; code?: string; message?: string; data?: T };
  retryAfter: string | null;
}> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: internalToken, ...traceHeaders() },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(init.timeoutMs ?? 5000),
  });
  const body = (await response.json().catch(() => ({ status: response.status }))) as {
    status: number;
    code?: string;
    message?: string;
    data?: T;
  };
  return { status: response.status, body, retryAfter: response.headers.get('retry-after') };
}

/** Access tokens live fifteen minutes; the SPA refreshes them shortly before they expire. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Signs an access token the way every verifier expects (RS256, issuer, audience, sub/role/email). */
export function signAccessToken(
  privateKey: string,
  claims: TAuthClaims,
  ttlSeconds: number = ACCESS_TOKEN_TTL_SECONDS,
): string {
  return jwt.sign(tokenPayloadOf(claims), privateKey, {
    algorithm: JWT_ALGORITHM,
    subject: claims.sub,
    issuer: JWT_ISSUER,
    audience: JWT_AUDIENCE,
    expiresIn: ttlSeconds,
  });
}
