import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkWitnessedCheckpoint,
  computeKeyId,
  cosignatureTimestamp,
  cosignCheckpoint,
  cosignedMessage,
  createWitnessPolicy,
  formatCheckpoint,
  generateCosignerKeyPair,
  generateKeyPair,
  parseCosignerKey,
  parseCosignerVerifierKey,
  parseNote,
  parseSignerKey,
  parseVerifierKey,
  parseWitnessPolicy,
  signCheckpoint,
  signNote,
  TransparencyLogError,
  verifyCosignature,
  type SignerKey,
  type VerifierKey,
} from '../../src/transparency-log/index.js';

const ORIGIN = 'wrenchmark.example/log';
const CHECKPOINT_TEXT = formatCheckpoint({ origin: ORIGIN, size: 12, rootHash: new Uint8Array(32).fill(9) });

/** The checkpoint and the cosignature line of C2SP tlog-cosignature's own example. */
const SPEC_CHECKPOINT = 'example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n';
const SPEC_COSIGNATURE =
  '\u2014 witness.example.com/w1 jWbPPwAAAABkGFDLEZMHwSRaJNiIDoe9DYn/zXcrtPHeolMI5OWXEhZCB9dlrDJsX3b2oyin1nPZqhf5nNo0xUe+mbIUBkBIfZ+qnA==\n';
const SPEC_MESSAGE =
  'cosignature/v1\ntime 1679315147\nexample.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n';

async function witness(name: string): Promise<{ signer: SignerKey; verifier: VerifierKey; vkey: string }> {
  const pair = await generateCosignerKeyPair(name);
  return {
    signer: await parseCosignerKey(pair.signerKey),
    verifier: await parseCosignerVerifierKey(pair.verifierKey),
    vkey: pair.verifierKey,
  };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof TransparencyLogError))
    throw new Error(`expected a TransparencyLogError, got ${String(error)}`);
  return `${error.code}: ${error.message}`;
}

describe('cosigner keys', () => {
  it('are vkeys of type 0x04 whose id hashes the name, a newline, 0x04 and the key', async () => {
    const { vkey, verifier } = await witness('witness.example/w1');
    const [name, id, key] = vkey.split('+') as [string, string, string];
    expect(name).toBe('witness.example/w1');
    expect(Buffer.from(key, 'base64')[0]).toBe(0x04);
    const digest = createHash('sha256')
      .update(Buffer.concat([Buffer.from(`${name}\n`), Buffer.of(0x04), verifier.publicKey]))
      .digest();
    expect(id).toBe(digest.subarray(0, 4).toString('hex'));
    expect(await computeKeyId(name, verifier.publicKey, 0x04)).toBe(verifier.keyId);
    expect(await computeKeyId(name, verifier.publicKey)).not.toBe(verifier.keyId);
  });

  it('refuses a log key as a cosigner key, and a cosigner key as a log key', async () => {
    const log = await generateKeyPair(ORIGIN);
    const { vkey } = await witness('witness.example/w1');
    expect(await refusal(parseCosignerVerifierKey(log.verifierKey))).toBe(
      'malformed_key: verifier key is not an Ed25519 cosignature (type 0x04) key',
    );
    expect(await refusal(parseCosignerKey(log.signerKey))).toBe(
      'malformed_key: signer key is not an Ed25519 cosignature (type 0x04) key',
    );
    expect(await refusal(parseVerifierKey(vkey))).toBe('malformed_key: verifier key is not an Ed25519 (type 0x01) key');
  });
});

describe('cosignature/v1', () => {
  it("signs the spec's message: the header, the time line, then the checkpoint text", () => {
    expect(new TextDecoder().decode(cosignedMessage(SPEC_CHECKPOINT, 1679315147))).toBe(SPEC_MESSAGE);
  });

  it("reads the timestamp of the spec's example cosignature as the time its message shows", () => {
    const [line] = parseNote(`${SPEC_CHECKPOINT}\n${SPEC_COSIGNATURE}`).signatures;
    expect(cosignatureTimestamp(line!)).toBe(1679315147);
  });

  it('cosigns a checkpoint with a timestamped line that verifies, and nothing else does', async () => {
    const w1 = await witness('witness.example/w1');
    const w2 = await witness('witness.example/w2');
    const line = await cosignCheckpoint(CHECKPOINT_TEXT, w1.signer, 1_700_000_000);
    expect(line).toMatch(/^— witness\.example\/w1 [A-Za-z0-9+/]{102}==\n$/);
    const [signature] = parseNote(`${CHECKPOINT_TEXT}\n${line}`).signatures;
    expect(Buffer.from(signature!.signature.subarray(0, 8)).readBigUInt64BE()).toBe(1_700_000_000n);
    expect(await verifyCosignature(CHECKPOINT_TEXT, signature!, w1.verifier)).toEqual({
      key: w1.verifier,
      timestamp: 1_700_000_000,
    });
    expect(await verifyCosignature(CHECKPOINT_TEXT, signature!, w2.verifier)).toBeUndefined();
    const otherText = formatCheckpoint({ origin: ORIGIN, size: 13, rootHash: new Uint8Array(32).fill(9) });
    expect(await verifyCosignature(otherText, signature!, w1.verifier)).toBeUndefined();
    const retimed = signature!.signature.slice();
    retimed[7]! ^= 1;
    expect(
      await verifyCosignature(CHECKPOINT_TEXT, { ...signature!, signature: retimed }, w1.verifier),
    ).toBeUndefined();
  });

  it('is not a plain note signature by the same key, nor is a plain signature a cosignature', async () => {
    const w1 = await witness('witness.example/w1');
    const plain = await signNote(CHECKPOINT_TEXT, [w1.signer]);
    const [signature] = parseNote(plain).signatures;
    expect(await verifyCosignature(CHECKPOINT_TEXT, signature!, w1.verifier)).toBeUndefined();
  });

  it('refuses to cosign what is not a checkpoint, or a negative time', async () => {
    const w1 = await witness('witness.example/w1');
    expect(await refusal(cosignCheckpoint('hello\n', w1.signer, 1))).toBe(
      'malformed_checkpoint: checkpoint needs an origin, a tree size and a root hash',
    );
    expect(await refusal(cosignCheckpoint(CHECKPOINT_TEXT, w1.signer, -1))).toBe(
      'malformed_note: cosignature timestamp must be whole POSIX seconds from 0 up',
    );
  });
});

describe('the witness policy', () => {
  it('parses <name> <vkey> lines, ignoring blank lines and comments, with every witness by default', async () => {
    const [w1, w2] = [await witness('witness.example/w1'), await witness('witness.example/w2')];
    const policy = await parseWitnessPolicy(`# garages\nassoc ${w1.vkey}\n\n  consumers\t${w2.vkey}  \n`);
    expect(policy.quorum).toBe(2);
    expect(policy.witnesses.map(({ name, key }) => [name, key.text])).toEqual([
      ['assoc', w1.vkey],
      ['consumers', w2.vkey],
    ]);
    expect((await parseWitnessPolicy(`assoc ${w1.vkey}\nconsumers ${w2.vkey}\n`, 1)).quorum).toBe(1);
  });

  it('refuses a bad line, a duplicate name or key, and a quorum it cannot meet', async () => {
    const [w1, w2] = [await witness('witness.example/w1'), await witness('witness.example/w2')];
    expect(await refusal(parseWitnessPolicy(`assoc\n`))).toBe('malformed_policy: line 1 must read <name> <vkey>');
    expect(await refusal(parseWitnessPolicy(`\nassoc ${w1.vkey.slice(0, -4)}\n`))).toBe(
      'malformed_policy: line 2: verifier key Ed25519 key must be 32 bytes',
    );
    expect(await refusal(parseWitnessPolicy(`a ${w1.vkey}\na ${w2.vkey}\n`))).toBe(
      'malformed_policy: witness a is named twice',
    );
    expect(await refusal(parseWitnessPolicy(`a ${w1.vkey}\nb ${w1.vkey}\n`))).toBe(
      'malformed_policy: witness b has the public key of another witness',
    );
    expect(() => createWitnessPolicy([{ name: 'a', key: w1.verifier }], 2)).toThrow(
      'quorum must be a whole number from 0 to 1, the witnesses named',
    );
  });
});

describe('checkWitnessedCheckpoint', () => {
  async function setting() {
    const logPair = await generateKeyPair(ORIGIN);
    const log = {
      signer: await parseSignerKey(logPair.signerKey),
      verifier: await parseVerifierKey(logPair.verifierKey),
    };
    const witnesses = [await witness('w1.example'), await witness('w2.example'), await witness('w3.example')];
    const policy = createWitnessPolicy(
      witnesses.map((w, i) => ({ name: `witness ${i + 1}`, key: w.verifier })),
      2,
    );
    const note = await signCheckpoint({ origin: ORIGIN, size: 12, rootHash: new Uint8Array(32).fill(9) }, log.signer);
    return { log, witnesses, policy, note };
  }

  it('accepts the log signature with a quorum of distinct witnesses, naming them, ignoring unknown signatures', async () => {
    const { log, witnesses, policy, note } = await setting();
    const stranger = await witness('stranger.example');
    const lines = [
      await cosignCheckpoint(CHECKPOINT_TEXT, stranger.signer, 5),
      await cosignCheckpoint(CHECKPOINT_TEXT, witnesses[2]!.signer, 100),
      await cosignCheckpoint(CHECKPOINT_TEXT, witnesses[0]!.signer, 200),
    ];
    const checked = await checkWitnessedCheckpoint(note + lines.join(''), [log.verifier], ORIGIN, policy);
    expect(checked.size).toBe(12);
    expect(checked.witnessedBy).toEqual([
      { name: 'witness 1', timestamp: 200 },
      { name: 'witness 3', timestamp: 100 },
    ]);
  });

  it('refuses a checkpoint short of the quorum, counting one witness once however often it cosigned', async () => {
    const { log, witnesses, policy, note } = await setting();
    const twice = [
      await cosignCheckpoint(CHECKPOINT_TEXT, witnesses[1]!.signer, 100),
      await cosignCheckpoint(CHECKPOINT_TEXT, witnesses[1]!.signer, 101),
    ];
    expect(await refusal(checkWitnessedCheckpoint(note + twice.join(''), [log.verifier], ORIGIN, policy))).toBe(
      'no_quorum: the checkpoint is cosigned by 1 of the 2 witnesses required (witness 2)',
    );
    expect(await refusal(checkWitnessedCheckpoint(note, [log.verifier], ORIGIN, policy))).toBe(
      'no_quorum: the checkpoint is cosigned by 0 of the 2 witnesses required (none)',
    );
  });

  it("refuses a known witness's cosignature of another checkpoint, and witnesses without the log", async () => {
    const { log, witnesses, policy, note } = await setting();
    const other = formatCheckpoint({ origin: ORIGIN, size: 12, rootHash: new Uint8Array(32).fill(8) });
    const moved = [
      await cosignCheckpoint(other, witnesses[0]!.signer, 100),
      await cosignCheckpoint(CHECKPOINT_TEXT, witnesses[1]!.signer, 100),
    ];
    expect(await refusal(checkWitnessedCheckpoint(note + moved.join(''), [log.verifier], ORIGIN, policy))).toBe(
      'invalid_signature: the cosignature by witness witness 1 does not verify',
    );
    const cosignedOnly = `${CHECKPOINT_TEXT}\n${moved[1]!}${await cosignCheckpoint(CHECKPOINT_TEXT, witnesses[2]!.signer, 1)}`;
    expect(await refusal(checkWitnessedCheckpoint(cosignedOnly, [log.verifier], ORIGIN, policy))).toBe(
      'no_known_signature: no signature on the note is by a known key',
    );
  });
});
