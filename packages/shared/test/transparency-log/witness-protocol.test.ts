import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  collectCosignatures,
  computeRootHash,
  cosignCheckpoint,
  createLeafHashReader,
  createTreeHasher,
  encodeBase64,
  encodeUtf8,
  formatAddCheckpointRequest,
  formatTreeSizeBody,
  generateConsistencyProof,
  generateCosignerKeyPair,
  generateKeyPair,
  judgeAddCheckpoint,
  parseAddCheckpointRequest,
  parseCosignatureResponse,
  parseCosignerKey,
  parseCosignerVerifierKey,
  parseSignerKey,
  parseTreeSizeBody,
  parseVerifierKey,
  signCheckpoint,
  TransparencyLogError,
  type VerifierKey,
  type WitnessView,
} from '../../src/transparency-log/index.js';

/** The example request body of C2SP tlog-witness, byte for byte. */
const SPEC_REQUEST = [
  'old 20852014',
  'PlRNCrwHpqhGrupue0L7gxbjbMiKA9temvuZZDDpkaw=',
  'jrJZDmY8Y7SyJE0MWLpLozkIVMSMZcD5kvuKxPC3swk=',
  '5+pKlUdi2LeF/BcMHBn+Ku6yhPGNCswZZD1X/6QgPd8=',
  '/6WVhPs2CwSsb5rYBH5cjHV/wSmA79abXAwhXw3Kj/0=',
  '',
  'example.com/behind-the-sofa',
  '20852163',
  'CsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=',
  '',
  '— example.com/behind-the-sofa Az3grlgtzPICa5OS8npVmf1Myq/5IZniMp+ZJurmRDeOoRDe4URYN7u5/Zhcyv2q1gGzGku9nTo+zyWE+xeMcTOAYQ8=',
  '— example.com/behind-the-sofa opLqBQsREYCgu6xQkYQwJr9fo45a62DN9EdmHXnZdXNqlcVGlCum2Wks+49/V6267UEjw6QUXTS5Rovnzv++qbSzm9Q=',
  '',
].join('\n');
/** The example 200 response body of C2SP tlog-witness. */
const SPEC_RESPONSE = [
  '— witness.example/w1 CMp+6LWBU0anHGH5aNDTJkH/gj79sG+T6+iP2ThYN5krrDJbR1HDnucjL39QsZTSvVjyQLrdk3DXDqI5G2HgLatVs0pWh6Up69HVOw==',
  '— witness.example/w1 I7rEps0pvK2UqkS2gSpVUDhrhVtQV9lgF6pRrWAvjJHjyWpW7VcE3SiOlVlbQNt64vWhO+DlkL0+UfzuOBMh9ChdMkP1vi/lCAsmlw==',
  '— witness.example/w2 AWui8Sk55XjYLOijihBjhqEH6nS1ndDymE0a+6idX7pLcnoB+dhnz0854aLZgrrKbYKA7nC3HNJhm/kWl7oJlqU3rXXvpysAdyP3wQ==',
  '',
].join('\n');

const ORIGIN = 'wrenchmark.example/log';
const hasher = createTreeHasher((data) => new Uint8Array(createHash('sha256').update(data).digest()));

function malformed(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof TransparencyLogError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'accepted';
}

describe('add-checkpoint messages', () => {
  it("parses the spec's example request and formats it back byte for byte", () => {
    const request = parseAddCheckpointRequest(SPEC_REQUEST);
    expect(request.oldSize).toBe(20852014);
    expect(request.consistencyProof.map(encodeBase64)).toEqual(SPEC_REQUEST.split('\n').slice(1, 5));
    expect(request.checkpoint).toBe(SPEC_REQUEST.split('\n').slice(6).join('\n'));
    expect(formatAddCheckpointRequest(request)).toBe(SPEC_REQUEST);
  });

  it.each([
    ['no empty line', 'old 1\nexample\n', 'malformed_witness_message: request has no empty line before the checkpoint'],
    ['no old line', 'older 1\n\n', 'malformed_witness_message: request must start with "old <size>"'],
    [
      'a leading zero',
      SPEC_REQUEST.replace('old 20852014', 'old 020852014'),
      'malformed_witness_message: old size must be a decimal tree size without leading zeros',
    ],
    [
      'a short hash',
      SPEC_REQUEST.replace('PlRNCrwHpqhGrupue0L7gxbjbMiKA9temvuZZDDpkaw=', 'PlRN'),
      'malformed_witness_message: each consistency proof line must be the base64 of 32 bytes',
    ],
    [
      '64 proof lines',
      `old 5\n${'PlRNCrwHpqhGrupue0L7gxbjbMiKA9temvuZZDDpkaw=\n'.repeat(64)}\n${SPEC_REQUEST.split('\n\n').slice(1).join('\n\n')}`,
      'malformed_witness_message: request has more than 63 consistency proof lines',
    ],
    [
      'an unsigned checkpoint',
      'old 0\n\nexample.com/log\n1\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n',
      'malformed_note: note has no blank line before its signatures',
    ],
  ])('refuses a request with %s', (_name, body, message) => {
    expect(malformed(() => parseAddCheckpointRequest(body))).toBe(message);
  });

  it('refuses to format a proof from size 0', () => {
    const checkpoint = SPEC_REQUEST.split('\n').slice(6).join('\n');
    expect(
      malformed(() => formatAddCheckpointRequest({ oldSize: 0, consistencyProof: [new Uint8Array(32)], checkpoint })),
    ).toBe('malformed_witness_message: the consistency proof from size 0 must be empty');
  });

  it("parses the spec's example response lines and the 409 size body", () => {
    expect(parseCosignatureResponse(SPEC_RESPONSE).map(({ name }) => name)).toEqual([
      'witness.example/w1',
      'witness.example/w1',
      'witness.example/w2',
    ]);
    expect(malformed(() => parseCosignatureResponse('— witness.example/w1 AAAA'))).toBe(
      'malformed_witness_message: cosignature response must be signature lines ending in a newline',
    );
    expect(formatTreeSizeBody(20852014)).toBe('20852014\n');
    expect(parseTreeSizeBody('20852014\n')).toBe(20852014);
    expect(malformed(() => parseTreeSizeBody('12'))).toBe(
      'malformed_witness_message: a tree size body ends in a newline',
    );
  });
});

describe('judgeAddCheckpoint', () => {
  async function setting() {
    const pair = await generateKeyPair(ORIGIN);
    const [signer, verifier] = [await parseSignerKey(pair.signerKey), await parseVerifierKey(pair.verifierKey)];
    const leaves = await Promise.all(Array.from({ length: 20 }, (_e, i) => hasher.hashLeaf(encodeUtf8(`entry ${i}`))));
    const read = createLeafHashReader(leaves, hasher);
    const root = (size: number) => computeRootHash(size, read, hasher);
    const note = async (size: number, rootHash?: Uint8Array) =>
      signCheckpoint({ origin: ORIGIN, size, rootHash: rootHash ?? (await root(size)) }, signer);
    let latest: { size: number; rootHash: Uint8Array } | undefined;
    const view: WitnessView = {
      logKeys: (origin) => (origin === ORIGIN ? [verifier] : undefined),
      latest: () => latest,
    };
    const submit = async (oldSize: number, checkpoint: string, proof?: Uint8Array[]) => {
      const size = Number(checkpoint.split('\n')[1]);
      const consistencyProof =
        proof ?? (await generateConsistencyProof(oldSize, Math.max(size, oldSize), read, hasher));
      const body = `old ${oldSize}\n${consistencyProof.map((h) => `${encodeBase64(h)}\n`).join('')}\n${checkpoint}`;
      const verdict = await judgeAddCheckpoint(body, view);
      if (verdict.status === 200) latest = { size: verdict.checkpoint.size, rootHash: verdict.checkpoint.rootHash };
      return verdict;
    };
    return { note, root, submit, verifier };
  }

  it('accepts a first checkpoint from size 0, then an append with its consistency proof (200)', async () => {
    const { note, submit } = await setting();
    const first = await submit(0, await note(5));
    expect(first.status).toBe(200);
    expect(first.status === 200 && first.checkpointText).toBe((await note(5)).split('\n\n')[0] + '\n');
    expect((await submit(5, await note(12))).status).toBe(200);
    expect((await submit(12, await note(12))).status).toBe(200);
  });

  it('answers a stale old size with 409 and the latest size, as text/x.tlog.size', async () => {
    const { note, submit } = await setting();
    await submit(0, await note(8));
    expect(await submit(5, await note(12))).toEqual({
      status: 409,
      message: 'old size 5 is not 8, the latest size cosigned',
      body: '8\n',
      contentType: 'text/x.tlog.size',
    });
  });

  it('answers the same size with another root with 409, as the spec says (not 422)', async () => {
    const { note, root, submit } = await setting();
    await submit(0, await note(8));
    const split = await submit(8, await note(8, await root(7)), []);
    expect(split).toMatchObject({
      status: 409,
      body: '8\n',
      message: 'the checkpoint of size 8 has another root than the one cosigned',
    });
  });

  it('answers a proof that does not verify with 422, a proof from 0 included', async () => {
    const { note, root, submit } = await setting();
    await submit(0, await note(8));
    const forked = await submit(8, await note(12, await root(11)));
    expect(forked).toEqual({ status: 422, message: 'the consistency proof from size 8 does not verify' });
    const fresh = await setting();
    expect((await fresh.submit(0, await fresh.note(3), [new Uint8Array(32)])).status).toBe(422);
  });

  it('answers 400 to a malformed body or an old size above the checkpoint, 404 to another log, 403 to a bad signature', async () => {
    const { note, submit } = await setting();
    expect(await judgeAddCheckpoint('old x\n\n', { logKeys: () => undefined, latest: () => undefined })).toMatchObject({
      status: 400,
    });
    expect(await submit(9, await note(8), [])).toEqual({
      status: 400,
      message: 'old size 9 is above the checkpoint size 8',
    });
    const other = await generateKeyPair('other.example/log');
    const otherNote = await signCheckpoint(
      { origin: 'other.example/log', size: 1, rootHash: new Uint8Array(32) },
      await parseSignerKey(other.signerKey),
    );
    expect(await submit(0, otherNote, [])).toEqual({ status: 404, message: 'unknown log origin "other.example/log"' });
    const stranger = await generateKeyPair(ORIGIN);
    const forged = await signCheckpoint(
      { origin: ORIGIN, size: 1, rootHash: new Uint8Array(32) },
      await parseSignerKey(stranger.signerKey),
    );
    expect(await submit(0, forged, [])).toEqual({ status: 403, message: 'no signature on the note is by a known key' });
    const tampered = (await note(4)).replace('\n4\n', '\n5\n');
    expect(await submit(0, tampered, [])).toMatchObject({
      status: 403,
      message: expect.stringMatching(/does not verify$/),
    });
  });
});

describe('collectCosignatures', () => {
  it('keeps the lines of a 200 answer that are valid cosignatures by known witnesses, and only those', async () => {
    const text = 'wrenchmark.example/log\n3\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n';
    const keys: VerifierKey[] = [];
    const lines: string[] = [];
    for (const name of ['w1.example', 'w2.example']) {
      const pair = await generateCosignerKeyPair(name);
      keys.push(await parseCosignerVerifierKey(pair.verifierKey));
      lines.push(await cosignCheckpoint(text, await parseCosignerKey(pair.signerKey), 1_700_000_000));
    }
    const stranger = await generateCosignerKeyPair('w3.example');
    lines.push(await cosignCheckpoint(text, await parseCosignerKey(stranger.signerKey), 1));
    expect(await collectCosignatures(text, lines.join('') + SPEC_RESPONSE, keys)).toEqual(lines.slice(0, 2));
  });
});
