import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { Logger, Pool } from '@sh/shared/server';
import { findDevelopmentSigningKey } from '../store/find-development-signing-key.js';
import { insertDevelopmentSigningKey } from '../store/insert-development-signing-key.js';

/** The Ed25519 key that signs receipts; its public half is published for anyone to check them. */
export interface ReceiptSigner {
  keyId: string;
  publicKeyPem: string;
  /** Ed25519 signature (base64) over a UTF-8 message. */
  sign(message: string): string;
}

/** Builds the signer from a PKCS#8 PEM Ed25519 private key; anything else is refused. */
export function signerFromPrivateKey(privateKeyPem: string): ReceiptSigner {
  const privateKey: KeyObject = createPrivateKey(privateKeyPem);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('RECORDS_SIGNING_KEY must be an Ed25519 private key');
  const publicKey = createPublicKey(privateKey);
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const keyId = createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16);
  return {
    keyId,
    publicKeyPem,
    sign: (message) => sign(null, Buffer.from(message, 'utf8'), privateKey).toString('base64'),
  };
}

/**
 * The receipt signer: from RECORDS_SIGNING_KEY when given (always in production); otherwise the development key
 * kept in records' database, generated on the first start, so receipts stay checkable across restarts.
 */
export async function loadReceiptSigner(pool: Pool, configuredPrivateKey: string | undefined, logger: Logger): Promise<ReceiptSigner> {
  if (configuredPrivateKey) return signerFromPrivateKey(configuredPrivateKey);
  const stored = await findDevelopmentSigningKey(pool);
  if (stored) return signerFromPrivateKey(stored);
  const generated = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  await insertDevelopmentSigningKey(pool, generated, publicPemOf(generated));
  logger.info('generated a development receipt signing key (set RECORDS_SIGNING_KEY in production)');
  return signerFromPrivateKey((await findDevelopmentSigningKey(pool)) ?? generated);
}

function publicPemOf(privateKeyPem: string): string {
  return createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'pem' }).toString();
}
