import {
  ZLogCheckpointResponseSchema,
  ZLogConsistencyProofResponseSchema,
  ZLogInclusionProofResponseSchema,
  ZSigningKeyResponseSchema,
  type TLogCheckpoint,
  type TPublishedSigningKey,
} from '@sh/shared/contract';
import { decodeBase64 } from '@sh/shared/transparency-log';
import { api, ApiError, type TApiClient, type TRequestOptions } from './client';

/**
 * The transparency log's public calls (issue 23), for the checks the visitor's browser makes. Only the pages that
 * verify import this module (lazily), so its schemas and the log's code stay out of the first load.
 */

/**
 * Asks the browser's cache (and any between) to check with the server first: the latest checkpoint and the receipt
 * keys may be kept for seconds or minutes, and a copy older than the entries it is to vouch for would leave them
 * pending, or a new key unpublished, for no reason.
 */
const FRESH = { 'Cache-Control': 'no-cache' };

/** GET service-records/log/checkpoint: the latest signed checkpoint as the server answers it; null before the first. */
export async function fetchLatestCheckpoint(
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<TLogCheckpoint | null> {
  try {
    return (
      await client.get('service-records/log/checkpoint', ZLogCheckpointResponseSchema, {
        ...requestOptions,
        headers: FRESH,
      })
    ).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && error.code === 'not_found') return null;
    throw error;
  }
}

/** GET service-records/log/proof/consistency: the hashes proving the tree of `from` leaves is a prefix of that of `to`. */
export async function fetchConsistencyProof(
  from: number,
  to: number,
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<Uint8Array[]> {
  const { data } = await client.get(
    `service-records/log/proof/consistency?from=${from}&to=${to}`,
    ZLogConsistencyProofResponseSchema,
    requestOptions,
  );
  return data.hashes.map(decodeProofHash);
}

/** GET service-records/log/proof/inclusion: the sibling hashes from leaf `leaf` up to the root of the tree of `size`. */
export async function fetchInclusionProof(
  leaf: number,
  size: number,
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<Uint8Array[]> {
  const { data } = await client.get(
    `service-records/log/proof/inclusion?leaf=${leaf}&size=${size}`,
    ZLogInclusionProofResponseSchema,
    requestOptions,
  );
  return data.hashes.map(decodeProofHash);
}

/** GET service-records/signing-key: every key that has signed receipts (SPKI PEM), by key id. */
export async function fetchReceiptKeys(
  requestOptions: TRequestOptions = {},
  client: TApiClient = api,
): Promise<TPublishedSigningKey[]> {
  return (
    await client.get('service-records/signing-key', ZSigningKeyResponseSchema, { ...requestOptions, headers: FRESH })
  ).data.keys;
}

/** The schema checks the form (base64 of 32 bytes), so this cannot fail for an answer that passed it. */
function decodeProofHash(hash: string): Uint8Array {
  return decodeBase64(hash) ?? new Uint8Array(0);
}
