/**
 * The transparency log of the records service's chain entries (RFC 9162, C2SP tlog-checkpoint): its proofs,
 * checkpoints and keys as the API serves them, and the development log's name and public key.
 */
import { z } from 'zod';
import { successEnvelope } from './envelope.js';

/**
 * The transparency log's answers (docs/product.md names them by key), apart from MESSAGES: only the log's calls and
 * the pages that check it read them, so the first page a visitor opens does not carry them.
 */
export const TRANSPARENCY_LOG_MESSAGES = {
  numberInvalid: 'Leaf indexes and tree sizes are whole numbers from 0 up, written in digits',
  leafNotInTree: 'The leaf index must be less than the tree size',
  sizeBeyondLog: 'The log is not that large yet',
  fromAfterTo: 'The first tree size cannot be larger than the second',
  noCheckpoint: 'No checkpoint has been issued yet',
  checkpointNotFound: 'No checkpoint was issued at that tree size',
} as const;

/**
 * The development transparency log's name and public key (issue 23): what `npm start`, the tests and the demo sign
 * checkpoints with (the signer key is DEV_LOG_SIGNING_KEY in the server kit, committed like DEV_INTERNAL_TOKEN, so
 * every development database signs with one key the web bundle and the README can carry). Production sets LOG_ORIGIN
 * and LOG_SIGNING_KEY (`npm run log:key -- <origin>`). The origin names no domain we do not own.
 */
export const DEVELOPMENT_LOG = {
  origin: 'localhost/wrenchmark-development-log',
  verifierKey: 'localhost/wrenchmark-development-log+0afd2724+AYoabNymQzVAK8Ub5jlZJk12dVe/n+wDkZrW8WKpbhLg',
} as const;

/** A leaf index or tree size as a query or path parameter: decimal digits, no sign, exponent or leading zero. */
const ZTreeNumberSchema = z
  .string(TRANSPARENCY_LOG_MESSAGES.numberInvalid)
  .regex(/^(0|[1-9][0-9]{0,15})$/, TRANSPARENCY_LOG_MESSAGES.numberInvalid)
  .transform(Number)
  .pipe(z.number().max(Number.MAX_SAFE_INTEGER, TRANSPARENCY_LOG_MESSAGES.numberInvalid));

/** A hash in the log's answers: standard padded base64 of 32 bytes, as C2SP and tlog tools write them. */
export const ZLogHashSchema = z.string().regex(/^[A-Za-z0-9+/]{43}=$/);

/** GET /service-records/log/proof/inclusion: the proof of leaf `leaf` in the tree of the first `size` leaves. */
export const ZLogInclusionProofQuerySchema = z.object({ leaf: ZTreeNumberSchema, size: ZTreeNumberSchema });
export type TLogInclusionProofQuery = z.infer<typeof ZLogInclusionProofQuerySchema>;
/** RFC 9162 section 2.1.3: the sibling hashes from the leaf up, lowest first. */
export const ZLogInclusionProofResponseSchema = successEnvelope(
  z.object({
    leafIndex: z.number().int().min(0),
    treeSize: z.number().int().min(1),
    leafHash: ZLogHashSchema,
    hashes: z.array(ZLogHashSchema),
  }),
);
export type TLogInclusionProof = z.infer<typeof ZLogInclusionProofResponseSchema>['data'];

/** GET /service-records/log/proof/consistency: the proof that the tree of `from` leaves is a prefix of that of `to`. */
export const ZLogConsistencyProofQuerySchema = z.object({ from: ZTreeNumberSchema, to: ZTreeNumberSchema });
export type TLogConsistencyProofQuery = z.infer<typeof ZLogConsistencyProofQuerySchema>;
/** RFC 9162 section 2.1.4. */
export const ZLogConsistencyProofResponseSchema = successEnvelope(
  z.object({ from: z.number().int().min(0), to: z.number().int().min(0), hashes: z.array(ZLogHashSchema) }),
);
export type TLogConsistencyProof = z.infer<typeof ZLogConsistencyProofResponseSchema>['data'];

/**
 * GET /service-records/log/checkpoint (the latest) and /log/checkpoint/{size}: a signed C2SP tlog-checkpoint of the
 * transparency log (`note`: origin line, tree size, base64 root hash, blank line, Ed25519 signature lines), with its
 * size and root read out of it.
 */
export const ZLogCheckpointResponseSchema = successEnvelope(
  z.object({ treeSize: z.number().int().min(1), rootHash: ZLogHashSchema, note: z.string() }),
);
export type TLogCheckpoint = z.infer<typeof ZLogCheckpointResponseSchema>['data'];
export const ZLogCheckpointSizeParamSchema = z.object({ size: ZTreeNumberSchema });

/** A key that has signed the log's checkpoints (C2SP verifier key), with its first and last checkpoint (null before). */
export const ZLogKeySchema = z.object({
  keyId: z.string(),
  verifierKey: z.string(),
  from: z.string().nullable(),
  until: z.string().nullable(),
});
/** GET /service-records/log/key: the log's origin, the verifier key signing now, and every key that has, oldest first. */
export const ZLogKeyResponseSchema = successEnvelope(
  z.object({ origin: z.string(), verifierKey: z.string(), keys: z.array(ZLogKeySchema) }),
);
export type TLogKeys = z.infer<typeof ZLogKeyResponseSchema>['data'];
