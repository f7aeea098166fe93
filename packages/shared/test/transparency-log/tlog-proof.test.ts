import { describe, expect, it } from 'vitest';
import {
  computeRootHash,
  cosignCheckpoint,
  createLeafHashReader,
  createWitnessPolicy,
  encodeBase64,
  encodeUtf8,
  formatTlogProof,
  generateCosignerKeyPair,
  generateInclusionProof,
  generateKeyPair,
  parseCosignerKey,
  parseCosignerVerifierKey,
  parseSignerKey,
  parseTlogProof,
  parseVerifierKey,
  signCheckpoint,
  TransparencyLogError,
  verifyTlogProof,
  webCryptoTreeHasher,
} from '../../src/transparency-log/index.js';

const ORIGIN = 'wrenchmark.example/log';

/** C2SP tlog-proof's example, with its elided signatures replaced by well-formed ones (the spec shows `[...]`). */
const SPEC_HEAD = [
  'c2sp.org/tlog-proof@v1',
  'extra YWdlLXYxLjIuMS1kYXJ3aW4tYXJtNjQudGFyLmd6kYXJ3aW4tYXJ',
  'index 73894',
  'gSKyXoYZUgZ6jduWYrkDOARinOMGJveXjgMkBTcdPlQ=',
  'B95lDa8R83lS8n0eG+o0buTxRKQTYFi//1U8anccXmA=',
  'EKNzoDWG8LGC0Yp9o+sv3qllpMP9uHQ9B20KNL+Q1zs=',
  'RoopEkOdqkYqMB4MJXrbt/hMjOxsVn0IrWjpz1ZMMes=',
  'AHCioX9nLjsrse6YhjRRmk1WUEirVOLLRoOQ6vfO5vk=',
  '',
  'example.com/fancylog',
  '109482',
  'sFodV/vSp5O8n9a8QpW6PRY97tfOSW5bsc2Xl/EQi08=',
  '',
].join('\n');
const SPEC_PROOF = `${SPEC_HEAD}\n— example.com/fancylog ${encodeBase64(new Uint8Array(68))}\n`;

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof TransparencyLogError))
    throw new Error(`expected a TransparencyLogError, got ${String(error)}`);
  return `${error.code}: ${error.message}`;
}

function malformed(text: string): string {
  try {
    parseTlogProof(text);
  } catch (error) {
    if (error instanceof TransparencyLogError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'accepted';
}

describe('tlog-proof text', () => {
  it("parses the spec's example and formats it back byte for byte", () => {
    const proof = parseTlogProof(SPEC_PROOF);
    expect(proof.index).toBe(73894);
    expect(new TextDecoder().decode(proof.extra!.slice(0, 29))).toBe('age-v1.2.1-darwin-arm64.tar.g');
    expect(proof.inclusionProof.map(encodeBase64)).toEqual(SPEC_HEAD.split('\n').slice(3, 8));
    expect(proof.checkpoint.startsWith('example.com/fancylog\n109482\n')).toBe(true);
    expect(formatTlogProof(proof)).toBe(SPEC_PROOF);
    const bare = parseTlogProof(SPEC_PROOF.replace(/^extra .*\n/m, ''));
    expect(bare.extra).toBeUndefined();
    expect(formatTlogProof(bare)).toBe(SPEC_PROOF.replace(/^extra .*\n/m, ''));
  });

  it.each([
    ['another header', SPEC_PROOF.replace('@v1', '@v2'), 'proof must start with the line c2sp.org/tlog-proof@v1'],
    [
      'a bad extra',
      SPEC_PROOF.replace('extra YWdl', 'extra =Wdl'),
      'the extra line must be "extra" and standard base64',
    ],
    ['no index', SPEC_PROOF.replace('index 73894\n', ''), 'proof needs an "index <n>" line, decimal, no leading zeros'],
    [
      'a leading zero',
      SPEC_PROOF.replace('index 73894', 'index 073894'),
      'proof needs an "index <n>" line, decimal, no leading zeros',
    ],
    [
      'a short hash',
      SPEC_PROOF.replace('gSKyXoYZUgZ6jduWYrkDOARinOMGJveXjgMkBTcdPlQ=', 'gSKy'),
      'each inclusion proof line must be the base64 of 32 bytes',
    ],
    ['no empty line', 'c2sp.org/tlog-proof@v1\nindex 0\n', 'proof has no empty line before the checkpoint'],
  ])('refuses a proof with %s', (_name, text, message) => {
    expect(malformed(text)).toBe(`malformed_proof: ${message}`);
  });
});

describe('verifyTlogProof', () => {
  async function setting() {
    const logPair = await generateKeyPair(ORIGIN);
    const logSigner = await parseSignerKey(logPair.signerKey);
    const logKey = await parseVerifierKey(logPair.verifierKey);
    const witnessPair = await generateCosignerKeyPair('witness.example/w1');
    const witnessSigner = await parseCosignerKey(witnessPair.signerKey);
    const policy = createWitnessPolicy([{ name: 'w1', key: await parseCosignerVerifierKey(witnessPair.verifierKey) }]);
    const entries = Array.from({ length: 12 }, (_e, i) => encodeUtf8(`record ${i}`));
    const read = createLeafHashReader(await Promise.all(entries.map((e) => webCryptoTreeHasher.hashLeaf(e))));
    const rootHash = await computeRootHash(12, read);
    const note = await signCheckpoint({ origin: ORIGIN, size: 12, rootHash }, logSigner);
    const cosigned = note + (await cosignCheckpoint(note.split('\n\n')[0] + '\n', witnessSigner, 1_700_000_000));
    const proofOf = async (index: number, checkpoint = cosigned) =>
      formatTlogProof({
        extra: entries[index]!,
        index,
        inclusionProof: await generateInclusionProof(index, 12, read),
        checkpoint,
      });
    return { entries, logKey, policy, note, proofOf };
  }

  it('accepts an entry included under a witnessed checkpoint, naming the witness', async () => {
    const { entries, logKey, policy, proofOf } = await setting();
    const text = await proofOf(7);
    expect(parseTlogProof(text).extra).toEqual(entries[7]);
    const verified = await verifyTlogProof(text, entries[7]!, [logKey], ORIGIN, policy);
    expect(verified).toMatchObject({ index: 7, size: 12, witnessedBy: [{ name: 'w1', timestamp: 1_700_000_000 }] });
  });

  it('refuses another entry, an unwitnessed checkpoint and another log', async () => {
    const { entries, logKey, policy, note, proofOf } = await setting();
    expect(await refusal(verifyTlogProof(await proofOf(7), entries[6]!, [logKey], ORIGIN, policy))).toBe(
      'invalid_proof: the entry is not at index 7 of the tree of 12 leaves',
    );
    expect(await refusal(verifyTlogProof(await proofOf(7, note), entries[7]!, [logKey], ORIGIN, policy))).toBe(
      'no_quorum: the checkpoint is cosigned by 0 of the 1 witnesses required (none)',
    );
    expect(await refusal(verifyTlogProof(await proofOf(7), entries[7]!, [logKey], 'other.example/log', policy))).toBe(
      'wrong_origin: checkpoint is for the log "wrenchmark.example/log", not "other.example/log"',
    );
  });
});
