/**
 * The verifiable log's foundations, the same code on the server and in the browser: RFC 6962/9162 Merkle hashing,
 * proofs and their verification, C2SP signed notes and checkpoints. See README.md beside this file.
 */
export {
  concatBytes,
  decodeBase64,
  decodeHex,
  encodeBase64,
  encodeHex,
  encodeUtf8,
  equalBytes,
  TransparencyLogError,
  type Bytes,
} from './bytes.js';
export {
  createTreeHasher,
  HASH_SIZE,
  sha256WithWebCrypto,
  webCryptoTreeHasher,
  type Sha256,
  type TreeHasher,
} from './tree-hasher.js';
export {
  computeRootHash,
  computeSubtreesCompletedBy,
  createLeafHashReader,
  generateConsistencyProof,
  generateInclusionProof,
  hashSubtree,
  splitPoint,
  type ReadSubtree,
  type StoredSubtree,
} from './merkle-tree.js';
export { verifyConsistency, verifyInclusion } from './verify-proof.js';
export {
  buildTile,
  createTileSubtreeReader,
  encodeEntryBundle,
  formatTilePath,
  MAX_BUNDLE_ENTRY_SIZE,
  parseEntryBundle,
  parseTilePath,
  proveConsistencyFromTiles,
  proveInclusionFromTiles,
  TILE_WIDTH,
  tilesPublished,
  tileWidth,
  type Tile,
  type TiledTree,
} from './tiles.js';
export {
  computeKeyId,
  COSIGNATURE_SIGNATURE_TYPE,
  ED25519_SIGNATURE_TYPE,
  formatKeyId,
  formatVerifierKey,
  generateKeyPair,
  isValidKeyName,
  parseSignerKey,
  parseVerifierKey,
  type GeneratedKeyPair,
  type KeyType,
  type SignerKey,
  type VerifierKey,
} from './note-keys.js';
export {
  MAX_NOTE_SIGNATURES,
  parseNote,
  parseSignatureLine,
  signNote,
  verifyNote,
  type NoteSignature,
  type VerifiedNote,
} from './signed-note.js';
export {
  formatCheckpoint,
  parseCheckpoint,
  signCheckpoint,
  verifyCheckpoint,
  type Checkpoint,
  type VerifiedCheckpoint,
} from './checkpoint.js';
export {
  cosignatureTimestamp,
  cosignCheckpoint,
  cosignedMessage,
  generateCosignerKeyPair,
  parseCosignerKey,
  parseCosignerVerifierKey,
  verifyCosignature,
  type Cosignature,
} from './cosignature.js';
export {
  checkWitnessedCheckpoint,
  createWitnessPolicy,
  parseWitnessPolicy,
  type PolicyWitness,
  type WitnessedCheckpoint,
  type WitnessPolicy,
} from './witness-policy.js';
export {
  collectCosignatures,
  formatAddCheckpointRequest,
  formatTreeSizeBody,
  judgeAddCheckpoint,
  MAX_CONSISTENCY_PROOF_LINES,
  parseAddCheckpointRequest,
  parseCosignatureResponse,
  parseTreeSizeBody,
  TREE_SIZE_CONTENT_TYPE,
  type AddCheckpointRequest,
  type AddCheckpointVerdict,
  type WitnessView,
} from './witness-protocol.js';
export { formatTlogProof, parseTlogProof, TLOG_PROOF_HEADER, verifyTlogProof, type TlogProof } from './tlog-proof.js';
export {
  asFieldCommitment,
  checkDisclosure,
  commitField,
  fieldCommitmentMessage,
  valueAtPath,
  type FieldCommitment,
  type FieldDisclosure,
} from './field-commitment.js';
export { canonicalJson, hashCanonicalJson } from './canonical-json.js';
export {
  bindShownRecords,
  findUnshownRecords,
  type BindingProblem,
  type Disclosure,
  type HistoryEntry,
  type ShownRecord,
} from './bind-history.js';
export {
  importReceiptKey,
  PENDING_GRACE_MS,
  vehicleLogLeaf,
  verifyVehicleEntries,
  type TrustedTreeHead,
  type VehicleEntriesVerdict,
  type VehicleHistorySources,
  type VehicleLogEntry,
} from './vehicle-history.js';
