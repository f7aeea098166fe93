/**
 * A small honest transparency log for the web tests, built with the same code and keys as the real one: each
 * record's chain entry hashed and linked, its receipt signed, its leaf in an RFC 6962 tree among other vehicles'
 * leaves, and checkpoints signed with the development log's signer key (so the bundle's default verifier key trusts
 * them). `routes` answers the API calls the browser check makes, for mockApi.
 */
import type { TPublicServiceRecord } from '@sh/shared/contract';
import {
  canonicalJson,
  commitField,
  computeRootHash,
  createLeafHashReader,
  encodeBase64,
  encodeUtf8,
  generateConsistencyProof,
  generateInclusionProof,
  hashCanonicalJson,
  parseSignerKey,
  signCheckpoint,
  vehicleLogLeaf,
  webCryptoTreeHasher,
  type VehicleLogEntry,
} from '@sh/shared/transparency-log';
import { DEVELOPMENT_LOG } from '@sh/shared/contract';
import { DEV_LOG_SIGNING_KEY } from '../../packages/shared/src/server/services';
import { ok, failure, type TApiRoute } from './support';

const RECEIPT_KEY_ID = 'receipt-key-1';

export type TFakeLog = {
  entries: VehicleLogEntry[];
  /** The leaves of the whole log (other vehicles' too). */
  leaves: Uint8Array[];
  /** The size the latest checkpoint covers. */
  checkpointSize: number;
  /** A signed checkpoint of the first `size` leaves, as the API answers it. */
  checkpoint(size?: number): Promise<{ treeSize: number; rootHash: string; note: string }>;
  /** The routes of the check's calls (verify, checkpoint, proofs, receipt keys). */
  routes(): Record<string, TApiRoute>;
};

/**
 * A log holding `records` (oldest first in the chain) of `registration`, after `before` other leaves and with
 * `after` more following. `unlogged` newest entries have no leaf yet (signed now: pending).
 */
export async function buildFakeLog(
  registration: string,
  records: readonly TPublicServiceRecord[],
  { before = 3, after = 2, unlogged = 0 }: { before?: number; after?: number; unlogged?: number } = {},
): Promise<TFakeLog> {
  const signer = await parseSignerKey(DEV_LOG_SIGNING_KEY);
  const receiptPair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', receiptPair.publicKey));
  const receiptPem = `-----BEGIN PUBLIC KEY-----\n${encodeBase64(spki)}\n-----END PUBLIC KEY-----\n`;

  const other = (i: number) => webCryptoTreeHasher.hashLeaf(encodeUtf8(`another vehicle ${i}`));
  const leaves: Uint8Array[] = await Promise.all(Array.from({ length: before }, (_, i) => other(i)));
  const entries: VehicleLogEntry[] = [];
  const chronological = [...records].sort((a, b) => a.created_at.localeCompare(b.created_at));
  for (const [index, record] of chronological.entries()) {
    const position = index + 1;
    const prevHash = entries.at(-1)?.hash ?? null;
    // Format 2, as records seals a record now: notes, technician and signer through salted commitments, the first
    // two disclosed beside the entry as verify discloses what the lookup shows.
    const salt = (n: number) => `${String(index).padStart(2, '0')}${n}`.padEnd(32, 'a');
    const disclosures = [
      { path: 'record.notes', value: record.notes, salt: salt(1) },
      { path: 'record.technician_name', value: record.technician_name, salt: salt(2) },
    ];
    const content = {
      format: 2,
      kind: 'record',
      position,
      prev_hash: prevHash,
      record: {
        id: record.id,
        garage_id: record.garage_id,
        vin: record.vin,
        vehicle_registration: record.vehicle_registration,
        service_date: record.service_date,
        mileage: record.mileage,
        service_type: record.service_type,
        notes: { commitment: await commitField(salt(1), record.notes) },
        technician_name: { commitment: await commitField(salt(2), record.technician_name) },
        signed_by: { commitment: await commitField(salt(3), record.technician_name) },
        created_at: record.created_at,
      },
    };
    const isLogged = index < chronological.length - unlogged;
    const hash = await hashCanonicalJson(content);
    const signedAt = isLogged ? record.created_at : new Date().toISOString();
    const message = canonicalJson({ hash, position, prev_hash: prevHash, registration, signed_at: signedAt });
    const signature = encodeBase64(
      new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, receiptPair.privateKey, encodeUtf8(message))),
    );
    const entry: VehicleLogEntry = {
      position,
      kind: 'record',
      record_id: record.id,
      format: 2,
      content,
      disclosures,
      hash,
      prev_hash: prevHash,
      signed_at: signedAt,
      key_id: RECEIPT_KEY_ID,
      signature,
      leaf_index: isLogged ? leaves.length : null,
    };
    if (isLogged) leaves.push(await webCryptoTreeHasher.hashLeaf(vehicleLogLeaf(registration, entry)));
    entries.push(entry);
  }
  for (let i = 0; i < after; i += 1) leaves.push(await other(before + i));

  const log: TFakeLog = {
    entries,
    leaves,
    checkpointSize: leaves.length,
    async checkpoint(size = log.checkpointSize) {
      const rootHash = await computeRootHash(size, createLeafHashReader(log.leaves.slice(0, size)));
      const note = await signCheckpoint({ origin: DEVELOPMENT_LOG.origin, size, rootHash }, signer);
      return { treeSize: size, rootHash: encodeBase64(rootHash), note };
    },
    routes() {
      const read = () => createLeafHashReader(log.leaves);
      const number = (query: string, name: string) => Number(new URLSearchParams(query).get(name));
      return {
        [`GET service-records/verify/${registration}`]: () =>
          ok({
            registration,
            valid: true,
            length: log.entries.length,
            head: log.entries.at(-1)?.hash ?? null,
            brokenAt: null,
            entries: log.entries,
          }),
        'GET service-records/log/checkpoint': async () => ok(await log.checkpoint()),
        'GET service-records/log/proof/inclusion': async (call) => {
          const [leaf, size] = [number(call.query, 'leaf'), number(call.query, 'size')];
          const hashes = await generateInclusionProof(leaf, size, read());
          return ok({
            leafIndex: leaf,
            treeSize: size,
            leafHash: encodeBase64(log.leaves[leaf]!),
            hashes: hashes.map(encodeBase64),
          });
        },
        'GET service-records/log/proof/consistency': async (call) => {
          const [from, to] = [number(call.query, 'from'), number(call.query, 'to')];
          if (to > log.leaves.length) return failure(400, 'validation_error', 'to is past the log');
          return ok({ from, to, hashes: (await generateConsistencyProof(from, to, read())).map(encodeBase64) });
        },
        'GET service-records/signing-key': ok({
          algorithm: 'Ed25519',
          publicKey: receiptPem,
          keyId: RECEIPT_KEY_ID,
          keys: [{ keyId: RECEIPT_KEY_ID, publicKey: receiptPem, from: null, until: null }],
        }),
      };
    },
  };
  return log;
}
