/**
 * C2SP tlog-proof (https://c2sp.org/tlog-proof), a proof that travels: offline-verifiable evidence that an entry is
 * in the log at an index, under a checkpoint its witnesses cosigned.
 *
 *   c2sp.org/tlog-proof@v1
 *   extra <base64>          optional, unauthenticated (ours: the entry's bytes)
 *   index <n>
 *   <base64 hash>           zero or more: the inclusion proof, the leaf's sibling first
 *                           an empty line
 *   <the checkpoint, signatures and cosignatures included, verbatim>
 *
 * Proofs are stored with the file extension `.tlog-proof`.
 */
import { decodeBase64, encodeBase64, TransparencyLogError } from './bytes.js';
import { type VerifierKey } from './note-keys.js';
import { parseNote } from './signed-note.js';
import { HASH_SIZE, webCryptoTreeHasher } from './tree-hasher.js';
import { verifyInclusion } from './verify-proof.js';
import { checkWitnessedCheckpoint, type WitnessedCheckpoint, type WitnessPolicy } from './witness-policy.js';

export const TLOG_PROOF_HEADER = 'c2sp.org/tlog-proof@v1';

export interface TlogProof {
  /** Opaque bytes the proof carries; never trusted until the caller has checked them. */
  extra?: Uint8Array;
  index: number;
  inclusionProof: Uint8Array[];
  /** The signed checkpoint note. */
  checkpoint: string;
}

function reject(message: string): never {
  throw new TransparencyLogError('malformed_proof', message);
}

/** The proof's text. */
export function formatTlogProof(proof: TlogProof): string {
  if (!Number.isSafeInteger(proof.index) || proof.index < 0) reject('index must be a whole number from 0 up');
  if (proof.inclusionProof.some((hash) => hash.length !== HASH_SIZE)) reject('every proof hash must be 32 bytes');
  parseNote(proof.checkpoint);
  const extra = proof.extra === undefined ? [] : [`extra ${encodeBase64(proof.extra)}`];
  return (
    [TLOG_PROOF_HEADER, ...extra, `index ${proof.index}`, ...proof.inclusionProof.map(encodeBase64), '', ''].join(
      '\n',
    ) + proof.checkpoint
  );
}

/** Parses a proof's text strictly; the checkpoint is checked for form only (verifyTlogProof checks the rest). */
export function parseTlogProof(text: string): TlogProof {
  const blank = text.indexOf('\n\n');
  if (blank < 0) reject('proof has no empty line before the checkpoint');
  const lines = text.slice(0, blank).split('\n');
  if (lines.shift() !== TLOG_PROOF_HEADER) reject(`proof must start with the line ${TLOG_PROOF_HEADER}`);
  let extra: Uint8Array | undefined;
  if (lines[0]?.startsWith('extra ')) {
    extra = decodeBase64(lines.shift()!.slice('extra '.length));
    if (!extra) reject('the extra line must be "extra" and standard base64');
  }
  const indexLine = lines.shift() ?? '';
  if (!/^index (0|[1-9][0-9]{0,15})$/.test(indexLine))
    reject('proof needs an "index <n>" line, decimal, no leading zeros');
  const index = Number(indexLine.slice('index '.length));
  if (!Number.isSafeInteger(index)) reject('index is too large');
  const inclusionProof = lines.map((line) => {
    const hash = decodeBase64(line);
    if (!hash || hash.length !== HASH_SIZE) reject('each inclusion proof line must be the base64 of 32 bytes');
    return hash;
  });
  const checkpoint = text.slice(blank + 2);
  parseNote(checkpoint);
  return { ...(extra === undefined ? {} : { extra }), index, inclusionProof, checkpoint };
}

/**
 * Verifies a proof offline: its checkpoint by the log's key, for the origin, with the policy's quorum of cosignatures
 * (checkWitnessedCheckpoint), then the inclusion of `entry` at the proof's index. The entry is the caller's (the
 * extra line may carry it, but is trusted only once the caller has decided so). Throws a TransparencyLogError
 * (`invalid_proof` when the entry is not included as claimed).
 */
export async function verifyTlogProof(
  text: string,
  entry: Uint8Array,
  logKeys: readonly VerifierKey[],
  expectedOrigin: string,
  policy: WitnessPolicy,
): Promise<WitnessedCheckpoint & { index: number }> {
  const proof = parseTlogProof(text);
  const checkpoint = await checkWitnessedCheckpoint(proof.checkpoint, logKeys, expectedOrigin, policy);
  const leafHash = await webCryptoTreeHasher.hashLeaf(entry);
  if (!(await verifyInclusion(proof.index, checkpoint.size, leafHash, proof.inclusionProof, checkpoint.rootHash)))
    throw new TransparencyLogError(
      'invalid_proof',
      `the entry is not at index ${proof.index} of the tree of ${checkpoint.size} leaves`,
    );
  return { ...checkpoint, index: proof.index };
}
