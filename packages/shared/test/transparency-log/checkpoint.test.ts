import { describe, expect, it } from 'vitest';
import {
  computeRootHash,
  createLeafHashReader,
  encodeBase64,
  encodeUtf8,
  formatCheckpoint,
  generateConsistencyProof,
  generateKeyPair,
  parseCheckpoint,
  parseSignerKey,
  parseVerifierKey,
  signCheckpoint,
  TransparencyLogError,
  verifyCheckpoint,
  verifyConsistency,
  webCryptoTreeHasher,
} from '../../src/transparency-log/index.js';
import { C2SP_CHECKPOINT_TEXT, GO_NOTE, GO_SUMDB, GO_TREE_TEXT } from './vectors.js';

const ORIGIN = 'wrenchmark.example/log';

async function refusal(promise: Promise<unknown>): Promise<TransparencyLogError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof TransparencyLogError))
    throw new Error(`expected a TransparencyLogError, got ${String(error)}`);
  return error;
}

function parseError(text: string): string {
  try {
    parseCheckpoint(text);
  } catch (error) {
    if (error instanceof TransparencyLogError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'accepted';
}

describe('checkpoint text', () => {
  it('reads Go\'s sumdb tree text, whose root is the RFC 6962 leaf hash of "hello world"', async () => {
    const checkpoint = parseCheckpoint(GO_TREE_TEXT);
    expect(checkpoint).toMatchObject({ origin: 'go.sum database tree', size: 123456789012, extensions: [] });
    expect(checkpoint.rootHash).toEqual(await webCryptoTreeHasher.hashLeaf(encodeUtf8('hello world')));
    expect(formatCheckpoint(checkpoint)).toBe(GO_TREE_TEXT);
  });

  it('reads the example in the C2SP specification and writes it back unchanged', () => {
    const checkpoint = parseCheckpoint(C2SP_CHECKPOINT_TEXT);
    expect(checkpoint).toMatchObject({ origin: 'example.com/behind-the-sofa', size: 20852163 });
    expect(formatCheckpoint(checkpoint)).toBe(C2SP_CHECKPOINT_TEXT);
  });

  it('keeps extension lines', () => {
    const text = `${C2SP_CHECKPOINT_TEXT}ext one\next two\n`;
    expect(parseCheckpoint(text).extensions).toEqual(['ext one', 'ext two']);
    expect(formatCheckpoint(parseCheckpoint(text))).toBe(text);
  });

  it.each([
    [
      'no final newline',
      C2SP_CHECKPOINT_TEXT.slice(0, -1),
      'malformed_checkpoint: checkpoint text must end with a newline',
    ],
    [
      'two lines',
      'example.com/log\n5\n',
      'malformed_checkpoint: checkpoint needs an origin, a tree size and a root hash',
    ],
    [
      'an empty origin',
      `\n${C2SP_CHECKPOINT_TEXT.slice(C2SP_CHECKPOINT_TEXT.indexOf('\n') + 1)}`,
      'malformed_checkpoint: checkpoint origin is empty',
    ],
    [
      'a hex size',
      'go.sum database tree\n0xabcdef\nTszzRgjTG6xce+z2AG31kAXYKBgQVtCSCE40HmuwBb0=\n',
      'malformed_checkpoint: checkpoint tree size must be a decimal number without leading zeros',
    ],
    [
      'a leading zero',
      'o\n012\nTszzRgjTG6xce+z2AG31kAXYKBgQVtCSCE40HmuwBb0=\n',
      'malformed_checkpoint: checkpoint tree size must be a decimal number without leading zeros',
    ],
    [
      'a size past 2^53',
      'o\n9007199254740993\nTszzRgjTG6xce+z2AG31kAXYKBgQVtCSCE40HmuwBb0=\n',
      'malformed_checkpoint: checkpoint tree size is too large',
    ],
    [
      'a bad root',
      'go.sum database tree\n123456789012\nTszzRgjTG6xce+z2AG31kAXYKBgQVtCSCE40HmuwBTOOBIG=\n',
      'malformed_checkpoint: checkpoint root hash must be the base64 of 32 bytes',
    ],
    ['a short root', 'o\n1\nAAAA\n', 'malformed_checkpoint: checkpoint root hash must be the base64 of 32 bytes'],
    [
      'an empty extension line',
      `${C2SP_CHECKPOINT_TEXT}\n`,
      'malformed_checkpoint: checkpoint extension lines must not be empty',
    ],
  ])('refuses a checkpoint with %s', (_case, text, expected) => {
    expect(parseError(text)).toBe(expected);
  });
});

describe('signed checkpoints', () => {
  it("verifies Go's sumdb test log checkpoint of size 6 with that log's published key", async () => {
    const key = await parseVerifierKey(GO_SUMDB.verifierKey);
    const checkpoint = await verifyCheckpoint(GO_SUMDB.signedTree6, [key], 'go.sum database tree');
    expect(checkpoint).toMatchObject({ origin: 'go.sum database tree', size: 6 });
    expect(encodeBase64(checkpoint.rootHash)).toBe('wc4SkQt52o5W2nQ8To2ARs+mWuUJjss+sdleoiqxMmM=');
  });

  it("signs Go's sumdb checkpoint byte for byte with that log's signer key", async () => {
    const signer = await parseSignerKey(GO_SUMDB.signerKey);
    const checkpoint = parseCheckpoint(GO_SUMDB.signedTree6.slice(0, GO_SUMDB.signedTree6.indexOf('\n\n') + 1));
    expect(await signCheckpoint(checkpoint, signer)).toBe(GO_SUMDB.signedTree6);
  });

  it('round-trips a checkpoint of our own log and refuses it for another origin or under another key', async () => {
    const keys = await generateKeyPair(ORIGIN);
    const signer = await parseSignerKey(keys.signerKey);
    const verifier = await parseVerifierKey(keys.verifierKey);
    const rootHash = await webCryptoTreeHasher.hashLeaf(encodeUtf8('entry'));
    const note = await signCheckpoint({ origin: ORIGIN, size: 1, rootHash }, signer);
    const checkpoint = await verifyCheckpoint(note, [verifier], ORIGIN);
    expect(checkpoint).toMatchObject({ origin: ORIGIN, size: 1, rootHash, extensions: [] });
    expect(checkpoint.verifiedBy).toEqual([verifier]);

    const wrongOrigin = await refusal(verifyCheckpoint(note, [verifier], 'someone-else.example/log'));
    expect([wrongOrigin.code, wrongOrigin.message]).toEqual([
      'wrong_origin',
      `checkpoint is for the log "${ORIGIN}", not "someone-else.example/log"`,
    ]);
    const peter = await parseVerifierKey(GO_NOTE.peterVerifierKey);
    expect((await refusal(verifyCheckpoint(note, [peter], ORIGIN))).code).toBe('no_known_signature');
  });

  it('refuses a checkpoint whose size or root was changed after signing', async () => {
    const keys = await generateKeyPair(ORIGIN);
    const signer = await parseSignerKey(keys.signerKey);
    const verifier = await parseVerifierKey(keys.verifierKey);
    const note = await signCheckpoint({ origin: ORIGIN, size: 41, rootHash: new Uint8Array(32).fill(7) }, signer);
    expect((await refusal(verifyCheckpoint(note.replace('\n41\n', '\n42\n'), [verifier], ORIGIN))).code).toBe(
      'invalid_signature',
    );
    const otherRoot = encodeBase64(new Uint8Array(32).fill(8));
    expect(
      (
        await refusal(
          verifyCheckpoint(note.replace(encodeBase64(new Uint8Array(32).fill(7)), otherRoot), [verifier], ORIGIN),
        )
      ).code,
    ).toBe('invalid_signature');
  });

  it('lets the holder of an old checkpoint check the log only grew since', async () => {
    const keys = await generateKeyPair(ORIGIN);
    const signer = await parseSignerKey(keys.signerKey);
    const verifier = await parseVerifierKey(keys.verifierKey);
    const leafHashes = await Promise.all(
      Array.from({ length: 60 }, (_v, i) => webCryptoTreeHasher.hashLeaf(encodeUtf8(`entry ${i}`))),
    );
    const read = createLeafHashReader(leafHashes);
    const old = await verifyCheckpoint(
      await signCheckpoint({ origin: ORIGIN, size: 10, rootHash: await computeRootHash(10, read) }, signer),
      [verifier],
      ORIGIN,
    );
    const latest = await verifyCheckpoint(
      await signCheckpoint({ origin: ORIGIN, size: 60, rootHash: await computeRootHash(60, read) }, signer),
      [verifier],
      ORIGIN,
    );
    const proof = await generateConsistencyProof(old.size, latest.size, read);
    expect(await verifyConsistency(old.size, latest.size, old.rootHash, latest.rootHash, proof)).toBe(true);

    const rewritten = createLeafHashReader(leafHashes.map((hash, i) => (i === 3 ? leafHashes[4]! : hash)));
    const forged = await computeRootHash(60, rewritten);
    expect(
      await verifyConsistency(
        old.size,
        latest.size,
        old.rootHash,
        forged,
        await generateConsistencyProof(10, 60, rewritten),
      ),
    ).toBe(false);
  });
});
