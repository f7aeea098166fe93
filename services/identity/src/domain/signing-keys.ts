import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import type { Logger, Pool } from '@sh/shared/server';
import { findDevelopmentSigningKeys } from '../store/find-development-signing-keys.js';
import { insertDevelopmentSigningKeys } from '../store/insert-development-signing-keys.js';

/** The RS256 key pair that signs access tokens; the public half is published for every verifier. */
export interface SigningKeys {
  privateKey: string;
  publicKey: string;
}

/** The public key (SPKI PEM) of a private key. */
export function publicKeyOf(privateKeyPem: string): string {
  return createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'pem' }).toString();
}

/**
 * The signing keys: from JWT_PRIVATE_KEY when given (always in production); otherwise the development pair
 * kept in identity's database, generated on the first start, so restarts keep sessions valid.
 */
export async function loadSigningKeys(
  pool: Pool,
  configuredPrivateKey: string | undefined,
  logger: Logger,
): Promise<SigningKeys> {
  if (configuredPrivateKey) return { privateKey: configuredPrivateKey, publicKey: publicKeyOf(configuredPrivateKey) };
  const stored = await findDevelopmentSigningKeys(pool);
  if (stored) return stored;
  const generated = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  await insertDevelopmentSigningKeys(pool, generated);
  logger.info('generated a development signing key pair (set JWT_PRIVATE_KEY in production)');
  const kept = await findDevelopmentSigningKeys(pool);
  return kept ?? generated;
}
