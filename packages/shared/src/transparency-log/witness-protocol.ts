/**
 * The messages of C2SP tlog-witness (https://c2sp.org/tlog-witness), `POST <submission prefix>/add-checkpoint`:
 *
 *   request   old <size>\n, up to 63 base64 consistency proof hashes a line, an empty line, the signed checkpoint
 *   200       one or more cosignature lines `— <name> <base64>\n`
 *   409       the size of the latest checkpoint the witness cosigned, in decimal and a newline, as text/x.tlog.size
 *
 * and `judgeAddCheckpoint`, the spec's checks in its order, so a witness is a store and a key around it.
 */
import { decodeBase64, encodeBase64, equalBytes, TransparencyLogError } from './bytes.js';
import { parseCheckpoint, type Checkpoint } from './checkpoint.js';
import { verifyCosignature } from './cosignature.js';
import { type VerifierKey } from './note-keys.js';
import { parseNote, parseSignatureLine, verifyNote, type NoteSignature } from './signed-note.js';
import { HASH_SIZE } from './tree-hasher.js';
import { verifyConsistency } from './verify-proof.js';

/** The content type of a 409 answer's body. */
export const TREE_SIZE_CONTENT_TYPE = 'text/x.tlog.size';
/** The most consistency proof lines a request may carry (a proof between trees of up to 2^63 leaves). */
export const MAX_CONSISTENCY_PROOF_LINES = 63;

export interface AddCheckpointRequest {
  oldSize: number;
  consistencyProof: Uint8Array[];
  /** The signed checkpoint note, every signature it carries included. */
  checkpoint: string;
}

function reject(message: string): never {
  throw new TransparencyLogError('malformed_witness_message', message);
}

const SIZE = /^(0|[1-9][0-9]{0,15})$/;

function parseSize(text: string, what: string): number {
  const size = SIZE.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(size)) reject(`${what} must be a decimal tree size without leading zeros`);
  return size;
}

/** The add-checkpoint request body. A proof from size 0 must be empty, as the spec requires of clients. */
export function formatAddCheckpointRequest(request: AddCheckpointRequest): string {
  const { oldSize, consistencyProof, checkpoint } = request;
  if (!Number.isSafeInteger(oldSize) || oldSize < 0) reject('old size must be a whole number from 0 up');
  if (consistencyProof.length > MAX_CONSISTENCY_PROOF_LINES)
    reject(`a consistency proof has at most ${MAX_CONSISTENCY_PROOF_LINES} hashes`);
  if (oldSize === 0 && consistencyProof.length > 0) reject('the consistency proof from size 0 must be empty');
  if (consistencyProof.some((hash) => hash.length !== HASH_SIZE)) reject('every proof hash must be 32 bytes');
  parseNote(checkpoint);
  return [`old ${oldSize}`, ...consistencyProof.map(encodeBase64), '', checkpoint].join('\n');
}

/**
 * Parses an add-checkpoint request body strictly (a witness answers 400 to what this refuses). The checkpoint note
 * is checked for form only; a non-empty proof from size 0 is left for the consistency check (422).
 */
export function parseAddCheckpointRequest(body: string): AddCheckpointRequest {
  const blank = body.indexOf('\n\n');
  if (blank < 0) reject('request has no empty line before the checkpoint');
  const [oldLine, ...proofLines] = body.slice(0, blank).split('\n') as [string, ...string[]];
  if (!oldLine.startsWith('old ')) reject('request must start with "old <size>"');
  const oldSize = parseSize(oldLine.slice(4), 'old size');
  if (proofLines.length > MAX_CONSISTENCY_PROOF_LINES)
    reject(`request has more than ${MAX_CONSISTENCY_PROOF_LINES} consistency proof lines`);
  const consistencyProof = proofLines.map((line) => {
    const hash = decodeBase64(line);
    if (!hash || hash.length !== HASH_SIZE) reject('each consistency proof line must be the base64 of 32 bytes');
    return hash;
  });
  const checkpoint = body.slice(blank + 2);
  parseNote(checkpoint);
  return { oldSize, consistencyProof, checkpoint };
}

/** The 409 body: the size of the latest checkpoint the witness cosigned. */
export function formatTreeSizeBody(size: number): string {
  if (!Number.isSafeInteger(size) || size < 0) reject('tree size must be a whole number from 0 up');
  return `${size}\n`;
}

/** The size a 409 answer names. */
export function parseTreeSizeBody(body: string): number {
  if (!body.endsWith('\n')) reject('a tree size body ends in a newline');
  return parseSize(body.slice(0, -1), 'tree size body');
}

/** The signature lines of a 200 answer: one or more, each `— ` … and a newline. */
export function parseCosignatureResponse(body: string): NoteSignature[] {
  if (body.length === 0 || !body.endsWith('\n'))
    reject('cosignature response must be signature lines ending in a newline');
  return body.slice(0, -1).split('\n').map(parseSignatureLine);
}

/**
 * The lines of a witness's 200 answer that are valid cosignatures of `checkpointText` by one of `witnessKeys`, to add
 * to the log's own view of the checkpoint; lines by other keys are ignored, as the spec asks of clients.
 */
export async function collectCosignatures(
  checkpointText: string,
  responseBody: string,
  witnessKeys: readonly VerifierKey[],
): Promise<string[]> {
  const lines: string[] = [];
  for (const signature of parseCosignatureResponse(responseBody)) {
    for (const key of witnessKeys) {
      if (await verifyCosignature(checkpointText, signature, key))
        lines.push(`\u2014 ${signature.name} ${signature.base64}\n`);
    }
  }
  return [...new Set(lines)];
}

/** The witness's answer to an add-checkpoint request, before it persists and cosigns. */
export type AddCheckpointVerdict =
  | { status: 200; checkpoint: Checkpoint; checkpointText: string }
  | { status: 400 | 403 | 404 | 422; message: string }
  | { status: 409; message: string; body: string; contentType: typeof TREE_SIZE_CONTENT_TYPE };

/** What a witness knows: the log keys it trusts for an origin and the latest checkpoint it cosigned for it. */
export interface WitnessView {
  logKeys(origin: string): readonly VerifierKey[] | undefined;
  latest(origin: string): { size: number; rootHash: Uint8Array } | undefined;
}

/**
 * The spec's checks of an add-checkpoint request, in its order: a malformed body is 400; an unknown origin 404; no
 * valid signature by a trusted log key 403; an old size above the checkpoint's 400; an old size other than the
 * latest cosigned one 409 (with that size); the same size with another root 409; a proof that does not verify 422.
 * A 200 tells the caller to persist the checkpoint (atomically with reading `latest`) and then cosign it.
 */
export async function judgeAddCheckpoint(body: string, view: WitnessView): Promise<AddCheckpointVerdict> {
  let request: AddCheckpointRequest;
  let checkpoint: Checkpoint;
  let checkpointText: string;
  try {
    request = parseAddCheckpointRequest(body);
    checkpointText = parseNote(request.checkpoint).text;
    checkpoint = parseCheckpoint(checkpointText);
  } catch (error) {
    if (error instanceof TransparencyLogError) return { status: 400, message: error.message };
    throw error;
  }
  const keys = view.logKeys(checkpoint.origin);
  if (!keys || keys.length === 0) return { status: 404, message: `unknown log origin "${checkpoint.origin}"` };
  try {
    await verifyNote(request.checkpoint, keys);
  } catch (error) {
    if (error instanceof TransparencyLogError) return { status: 403, message: error.message };
    throw error;
  }
  if (request.oldSize > checkpoint.size)
    return { status: 400, message: `old size ${request.oldSize} is above the checkpoint size ${checkpoint.size}` };
  const latest = view.latest(checkpoint.origin) ?? { size: 0, rootHash: undefined };
  if (request.oldSize !== latest.size) {
    const message = `old size ${request.oldSize} is not ${latest.size}, the latest size cosigned`;
    return { status: 409, message, body: formatTreeSizeBody(latest.size), contentType: TREE_SIZE_CONTENT_TYPE };
  }
  // The spec answers 409 to the same size with another root; issue 35 asked for 422 there. We follow the spec.
  if (latest.rootHash && latest.size === checkpoint.size && !equalBytes(latest.rootHash, checkpoint.rootHash)) {
    const message = `the checkpoint of size ${checkpoint.size} has another root than the one cosigned`;
    return { status: 409, message, body: formatTreeSizeBody(latest.size), contentType: TREE_SIZE_CONTENT_TYPE };
  }
  const isConsistent = latest.rootHash
    ? await verifyConsistency(
        latest.size,
        checkpoint.size,
        latest.rootHash,
        checkpoint.rootHash,
        request.consistencyProof,
      )
    : request.consistencyProof.length === 0;
  if (!isConsistent) return { status: 422, message: `the consistency proof from size ${latest.size} does not verify` };
  return { status: 200, checkpoint, checkpointText };
}
