import { parseSignerKey, formatVerifierKey, formatKeyId, type SignerKey } from '@sh/shared/transparency-log';

/** The key that signs the log's checkpoints, with the log's name and the key's public forms. */
export interface LogSigner {
  origin: string;
  signer: SignerKey;
  /** The C2SP verifier key (`name+id+base64`): public, published at service-records/log/key. */
  verifierKey: string;
  /** The key id, 8 hex digits, as the verifier key and the note signatures carry it. */
  keyId: string;
}

/** The log's public identity: its origin and the verifier key of the key signing now. */
export type LogIdentity = Pick<LogSigner, 'origin' | 'verifierKey'>;

/** Reads LOG_SIGNING_KEY; refuses a key whose name is not LOG_ORIGIN, so every checkpoint names its signer's log. */
export async function loadLogSigner(origin: string, signerKeyText: string): Promise<LogSigner> {
  const signer = await parseSignerKey(signerKeyText);
  if (signer.name !== origin)
    throw new Error(`LOG_SIGNING_KEY is a key of the log "${signer.name}", not of LOG_ORIGIN "${origin}"`);
  return {
    origin,
    signer,
    verifierKey: await formatVerifierKey(signer.name, signer.publicKey),
    keyId: formatKeyId(signer.keyId),
  };
}
