/**
 * Where trust is decided: a checkpoint is accepted only with the log's signature and valid cosignatures from at least
 * a quorum of distinct configured witnesses (c2sp.org/tlog-cosignature; the witness and quorum ideas of
 * c2sp.org/tlog-policy, without its groups). A witness configured here whose cosignature fails rejects the note, as
 * signed-note asks of any known key's failed signature.
 */
import { TransparencyLogError } from './bytes.js';
import { verifyCheckpoint, type VerifiedCheckpoint } from './checkpoint.js';
import { parseCosignerVerifierKey, verifyCosignature } from './cosignature.js';
import { type VerifierKey } from './note-keys.js';
import { parseNote } from './signed-note.js';

/** A witness as a policy names it: a label for messages and a cosigner key (vkey type 0x04). */
export interface PolicyWitness {
  name: string;
  key: VerifierKey;
}

export interface WitnessPolicy {
  witnesses: PolicyWitness[];
  /** How many distinct witnesses must cosign: 0 to the number named. */
  quorum: number;
}

/** A checkpoint the policy accepts, and who witnessed it when. */
export interface WitnessedCheckpoint extends VerifiedCheckpoint {
  witnessedBy: { name: string; timestamp: number }[];
}

function reject(message: string): never {
  throw new TransparencyLogError('malformed_policy', message);
}

/**
 * A policy over the witnesses given, refusing two with one name or one public key (tlog-policy's duplicates). The
 * quorum defaults to every witness named.
 */
export function createWitnessPolicy(witnesses: readonly PolicyWitness[], quorum = witnesses.length): WitnessPolicy {
  const names = new Set<string>();
  const keys = new Set<string>();
  for (const { name, key } of witnesses) {
    const publicKey = key.publicKey.join(',');
    if (names.has(name)) reject(`witness ${name} is named twice`);
    if (keys.has(publicKey)) reject(`witness ${name} has the public key of another witness`);
    names.add(name);
    keys.add(publicKey);
  }
  if (!Number.isInteger(quorum) || quorum < 0 || quorum > witnesses.length)
    reject(`quorum must be a whole number from 0 to ${witnesses.length}, the witnesses named`);
  return { witnesses: [...witnesses], quorum };
}

/**
 * Parses a witness list, one `<name> <vkey>` a line (blank lines and `#` comments ignored, spaces and tabs between),
 * into a policy with the given quorum (by default every witness).
 */
export async function parseWitnessPolicy(text: string, quorum?: number): Promise<WitnessPolicy> {
  const witnesses: PolicyWitness[] = [];
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const fields = line.split(/[ \t]+/);
    if (fields.length !== 2) reject(`line ${i + 1} must read <name> <vkey>`);
    const [name, vkey] = fields as [string, string];
    try {
      witnesses.push({ name, key: await parseCosignerVerifierKey(vkey) });
    } catch (error) {
      if (error instanceof TransparencyLogError) reject(`line ${i + 1}: ${error.message}`);
      throw error;
    }
  }
  return createWitnessPolicy(witnesses, quorum);
}

/**
 * Verifies a signed checkpoint as the policy asks: the log's signature by one of `logKeys` and the origin (see
 * verifyCheckpoint), then a valid cosignature from at least `quorum` distinct witnesses of the policy. Signatures by
 * keys neither knows are ignored. Throws a TransparencyLogError (`no_quorum` when too few witnesses cosigned).
 */
export async function checkWitnessedCheckpoint(
  note: string,
  logKeys: readonly VerifierKey[],
  expectedOrigin: string,
  policy: WitnessPolicy,
): Promise<WitnessedCheckpoint> {
  const checkpoint = await verifyCheckpoint(note, logKeys, expectedOrigin);
  const { text, signatures } = parseNote(note);
  const witnessedBy: WitnessedCheckpoint['witnessedBy'] = [];
  for (const witness of policy.witnesses) {
    const lines = signatures.filter((line) => line.name === witness.key.name && line.keyId === witness.key.keyId);
    for (const line of lines) {
      const cosignature = await verifyCosignature(text, line, witness.key);
      if (!cosignature)
        throw new TransparencyLogError(
          'invalid_signature',
          `the cosignature by witness ${witness.name} does not verify`,
        );
      if (!witnessedBy.some((seen) => seen.name === witness.name))
        witnessedBy.push({ name: witness.name, timestamp: cosignature.timestamp });
    }
  }
  if (witnessedBy.length < policy.quorum) {
    const who = witnessedBy.length === 0 ? 'none' : witnessedBy.map(({ name }) => name).join(', ');
    throw new TransparencyLogError(
      'no_quorum',
      `the checkpoint is cosigned by ${witnessedBy.length} of the ${policy.quorum} witnesses required (${who})`,
    );
  }
  return { ...checkpoint, witnessedBy };
}
