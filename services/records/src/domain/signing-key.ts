import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { Logger, Pool } from '@sh/shared/server';
import { findDevelopmentSigningKey } from '../store/find-development-signing-key.js';
import { insertDevelopmentSigningKey } from '../store/insert-development-signing-key.js';
import { noteSigningKeyUse } from '../store/note-signing-key-use.js';
import { registerSigningKey } from '../store/register-signing-key.js';

/** The Ed25519 key that signs receipts; its public half is published for anyone to check them. */
export interface ReceiptSigner {
  keyId: string;
  publicKeyPem: string;
  /** Ed25519 signature (base64) over a UTF-8 message; `signedAt`, the time the message states, dates the key's use. */
  sign(message: string, signedAt?: Date): string;
}

/** A signer whose key is in the key history: close() writes down its last signatures (call it at shutdown). */
export interface RegisteredReceiptSigner extends ReceiptSigner {
  close(): Promise<void>;
}

/** How often, at most, a key's period in the history is moved on to its latest signatures. */
const USE_NOTE_INTERVAL_MS = 1000;

/**
 * Builds the signer from a PKCS#8 PEM Ed25519 private key; anything else is refused. `onSign` hears of every
 * signature (the key history's period).
 */
export function signerFromPrivateKey(
  privateKeyPem: string,
  options: { onSign?: (signedAt: Date) => void } = {},
): ReceiptSigner {
  const privateKey: KeyObject = createPrivateKey(privateKeyPem);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('RECORDS_SIGNING_KEY must be an Ed25519 private key');
  const publicKey = createPublicKey(privateKey);
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const keyId = createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);
  return {
    keyId,
    publicKeyPem,
    sign: (message, signedAt = new Date()) => {
      const signature = sign(null, Buffer.from(message, 'utf8'), privateKey).toString('base64');
      options.onSign?.(signedAt);
      return signature;
    },
  };
}

/**
 * Keeps a key's period in the history (signing_key_history) up to its signatures without a write in the record's
 * transaction (every record would queue on the key's one row): the first signature is written at once, later ones
 * at most every USE_NOTE_INTERVAL_MS, and close() writes what is left. A failed write is kept for the next.
 */
function recordKeyUse(pool: Pool, keyId: string, logger: Logger): { note(at: Date): void; flush(): Promise<void> } {
  let pending: { from: Date; until: Date } | null = null;
  let timer: NodeJS.Timeout | null = null;
  let hasWritten = false;
  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const used = pending;
    pending = null;
    if (!used) return;
    try {
      await noteSigningKeyUse(pool, keyId, used);
      hasWritten = true;
    } catch (error) {
      logger.warn(
        { err: error, keyId },
        "could not write the signing key's latest use to its history; the next signature tries again",
      );
      // Kept with any signatures noted meanwhile, for the next write.
      const later = pending as { from: Date; until: Date } | null;
      pending = later
        ? {
            from: later.from < used.from ? later.from : used.from,
            until: later.until > used.until ? later.until : used.until,
          }
        : used;
    }
  }
  return {
    note(at) {
      pending = pending
        ? { from: at < pending.from ? at : pending.from, until: at > pending.until ? at : pending.until }
        : { from: at, until: at };
      if (timer) return;
      timer = setTimeout(() => void flush(), hasWritten ? USE_NOTE_INTERVAL_MS : 0);
      timer.unref();
    },
    flush,
  };
}

/**
 * The receipt signer: from RECORDS_SIGNING_KEY when given (always in production); otherwise the development key
 * kept in records' database, generated on the first start, so receipts stay checkable across restarts. Either way
 * the key joins the key history (signing_key_history) before it signs, so that it stays published after a rotation.
 */
export async function loadReceiptSigner(
  pool: Pool,
  configuredPrivateKey: string | undefined,
  logger: Logger,
): Promise<RegisteredReceiptSigner> {
  const privateKeyPem = configuredPrivateKey ?? (await loadDevelopmentKey(pool, logger));
  const { keyId } = signerFromPrivateKey(privateKeyPem);
  const use = recordKeyUse(pool, keyId, logger);
  const signer = signerFromPrivateKey(privateKeyPem, { onSign: use.note });
  await registerSigningKey(pool, signer);
  logger.info({ keyId }, 'receipts are signed with this key');
  return { ...signer, close: use.flush };
}

/** The development key in records' database, made on the first start (once, however many start at once). */
async function loadDevelopmentKey(pool: Pool, logger: Logger): Promise<string> {
  const stored = await findDevelopmentSigningKey(pool);
  if (stored) return stored;
  const generated = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  await insertDevelopmentSigningKey(pool, generated, publicPemOf(generated));
  logger.info('generated a development receipt signing key (set RECORDS_SIGNING_KEY in production)');
  return (await findDevelopmentSigningKey(pool)) ?? generated;
}

function publicPemOf(privateKeyPem: string): string {
  return createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'pem' }).toString();
}
