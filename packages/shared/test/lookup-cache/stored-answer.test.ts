import { hash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  acceptsBrotli,
  decodeSharedAnswer,
  encodeSharedAnswer,
  representationOf,
  serialiseLookupAnswer,
} from '../../src/lookup-cache/index.js';
import { LINEAR_GROWTH_AT_MOST, timeGrowthOverTenfold } from '../../src/testing/index.js';

describe('acceptsBrotli', () => {
  it('accepts br named, in any case, with or without a q-value above 0, and * when br is not named', () => {
    for (const header of [
      'br',
      'gzip, deflate, br',
      'gzip, deflate, br, zstd',
      'BR',
      'gzip;q=1.0, br;q=0.5',
      'br ; q=0.001',
      '*',
      'gzip, *;q=0.1',
      'identity;q=0, br',
    ]) {
      expect(acceptsBrotli(header), header).toBe(true);
    }
  });
  it('refuses br at q=0 (however spelt, * beside it or not), an absent or empty header, gzip only and nonsense q-values', () => {
    for (const header of [
      undefined,
      '',
      'gzip',
      'gzip, deflate',
      'identity',
      'br;q=0',
      'br; q=0.000',
      'gzip, br;q=0, *',
      '*;q=0',
      'br;q=',
      'br;q=abc',
      'brotli',
      'xbr',
    ]) {
      expect(acceptsBrotli(header), String(header)).toBe(false);
    }
  });
  it('is linear: a header of 100,000 entries does not take a hundred times one of 10,000', async () => {
    const header = (entries: number) => `${'gzip;q=0.5, '.repeat(entries)}br`;
    expect(acceptsBrotli(header(100_000))).toBe(true);
    expect(await timeGrowthOverTenfold(header, acceptsBrotli, 100_000)).toBeLessThan(LINEAR_GROWTH_AT_MOST);
  });
});

describe('a published answer as stored, and as each client gets it', () => {
  const answer = serialiseLookupAnswer([
    { id: 'a', notes: 'Routine work carried out; vehicle in good condition.', mileage: 40000 },
    { id: 'b', notes: 'Routine work carried out; vehicle in good condition.', mileage: 35000 },
  ]);

  it('stores a line feed, then the body brotli-compressed, smaller than the body', async () => {
    const stored = await encodeSharedAnswer(answer);
    expect(stored[0]).toBe(10);
    expect(brotliDecompressSync(stored.subarray(1)).equals(answer.body)).toBe(true);
    expect(stored.length).toBeLessThan(answer.body.length);
  });

  it('gives a br client the stored bytes with their own ETag, any other the body with records’ ETag', async () => {
    const stored = await encodeSharedAnswer(answer);
    const br = representationOf(stored, true)!;
    expect(br.brotli).toBe(true);
    expect(br.body.equals(stored.subarray(1))).toBe(true);
    expect(br.etag).toBe(`"${hash('sha1', stored.subarray(1), 'base64url')}"`);
    expect(br.etag).not.toBe(answer.etag);
    const plain = representationOf(stored, false)!;
    expect(plain).toEqual({ brotli: false, body: answer.body, etag: answer.etag });
    expect(decodeSharedAnswer(stored)).toEqual(answer);
  });

  it('reads the format before compression (ETag, line feed, body) uncompressed to every client', () => {
    const old = Buffer.concat([Buffer.from(`${answer.etag}\n`), answer.body]);
    for (const brotli of [true, false]) expect(representationOf(old, brotli)).toEqual({ ...answer, brotli: false });
    expect(decodeSharedAnswer(old)).toEqual(answer);
  });

  it('stores the format before compression when told plain, which every client is sent uncompressed', async () => {
    const stored = await encodeSharedAnswer(answer, 'plain');
    expect(stored.equals(Buffer.concat([Buffer.from(`${answer.etag}\n`), answer.body]))).toBe(true);
    for (const brotli of [true, false]) expect(representationOf(stored, brotli)).toEqual({ ...answer, brotli: false });
  });

  it('reads nothing from bytes of neither format, so that records is asked', () => {
    expect(representationOf(Buffer.alloc(0), false)).toBeNull();
    expect(representationOf(Buffer.from('no line feed'), true)).toBeNull();
    // A line feed first, then bytes that are no brotli stream: nothing for a client that needs them decoded.
    expect(representationOf(Buffer.from('\nnot brotli at all'), false)).toBeNull();
    expect(decodeSharedAnswer(Buffer.from('\nnot brotli at all'))).toBeNull();
  });

  it('is what an older gateway reads as no answer: a line feed first, so no ETag', async () => {
    const stored = await encodeSharedAnswer(answer);
    // The older gateway's decoder: the ETag up to the first line feed, none when the line feed comes first.
    expect(stored.indexOf(10)).toBe(0);
  });
});
