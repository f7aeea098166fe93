import { request } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { lookupAnswersNamespace, sharedAnswerKeyOf } from '@sh/shared/lookup-cache';
import { readPublishedAnswer } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildGarageAccount, logServiceRecord, type RecordsStack } from './harness.js';
import { newRegistration, startLookupCacheStack, type LookupCacheStack } from './lookup-cache-stack.js';

let running: LookupCacheStack;
let stack: RecordsStack;
let gatewayUrl: string;
let prefix: string;

beforeAll(async () => {
  running = await startLookupCacheStack();
  ({ stack, gatewayUrl, prefix } = running);
});
afterAll(async () => {
  await running?.close();
});

/** A lookup's answer as it came on the wire, its body not decoded: what a client that asked with `headers` is sent. */
function rawLookup(url: string, registration: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const target = new URL(`${url}/api/v1/service-records/lookup/${registration}`);
      const sent = request(target, { method, headers }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({ status: answer.statusCode!, headers: answer.headers, body: Buffer.concat(chunks) }),
        );
        answer.on('error', reject);
      });
      sent.on('error', reject);
      sent.end();
    },
  );
}

/**
 * A lookup through the gateway once Redis answered its count-and-read (the RateLimit header is set then): on a loaded
 * machine the gateway's Redis call may time out, and then it asks records, as it should, which is not what is tested.
 */
async function viaGateway(registration: string, headers: Record<string, string> = {}, method = 'GET') {
  return vi.waitFor(
    async () => {
      const answer = await rawLookup(gatewayUrl, registration, headers, method);
      expect(answer.headers.ratelimit).toBeDefined();
      return answer;
    },
    { timeout: 10_000, interval: 200 },
  );
}

/** A vehicle with two records, looked up once through records (which publishes its answer): records' own answer. */
async function publishedVehicle() {
  const garage = await buildGarageAccount(stack);
  const registration = newRegistration();
  await logServiceRecord(stack, garage, { vehicle_registration: registration, service_date: '2024-01-10' });
  await logServiceRecord(stack, garage, { vehicle_registration: registration, service_date: '2024-06-10' });
  const own = await rawLookup(stack.url, registration);
  expect(own.status).toBe(200);
  const key = sharedAnswerKeyOf(lookupAnswersNamespace(prefix), registration);
  await vi.waitFor(async () => expect(await stack.redis.exists(key)).toBe(1));
  return { registration, own, key };
}

describe('published answers stored compressed', () => {
  it('stores the answer brotli-compressed, and sends it as stored to a br client and decoded to any other, each identical to records’ own', async () => {
    const { registration, own, key } = await publishedVehicle();
    const stored = (await stack.redis.getBuffer(key))!;
    expect(stored[0]).toBe(10);
    expect(stored.length).toBeLessThan(own.body.length);
    expect(brotliDecompressSync(stored.subarray(1)).equals(own.body)).toBe(true);
    expect(own.headers.vary).toBe('Accept-Encoding');
    expect(own.headers['content-encoding']).toBeUndefined();

    const br = await viaGateway(registration, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(br.body.equals(stored.subarray(1))).toBe(true);
    expect(brotliDecompressSync(br.body).equals(own.body)).toBe(true);
    // Another representation, another strong ETag.
    expect(br.headers.etag).not.toBe(own.headers.etag);

    for (const acceptEncoding of [undefined, 'gzip', 'gzip, br;q=0', 'br;q=0, *']) {
      const plain = await rawLookup(
        gatewayUrl,
        registration,
        acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      );
      expect(plain.status, acceptEncoding).toBe(200);
      expect(plain.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.body.equals(own.body), acceptEncoding).toBe(true);
      expect(plain.headers.etag).toBe(own.headers.etag);
      expect(plain.headers['content-length']).toBe(String(own.body.length));
      expect(plain.headers['content-type']).toBe(own.headers['content-type']);
    }
    expect((await viaGateway(registration, { 'accept-encoding': '*' })).body.equals(br.body)).toBe(true);
  });

  it('answers 304 to the ETag of the representation it would send, and HEAD with its headers and no body', async () => {
    const { registration, own } = await publishedVehicle();
    const brHeaders = { 'accept-encoding': 'br' };
    const br = await viaGateway(registration, brHeaders);
    const brEtag = String(br.headers.etag);

    const notModified = await viaGateway(registration, { ...brHeaders, 'if-none-match': brEtag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers['content-encoding']).toBeUndefined();
    expect(notModified.headers.etag).toBe(brEtag);
    expect(notModified.headers.vary).toBe('Accept-Encoding');
    const plainNotModified = await viaGateway(registration, { 'if-none-match': String(own.headers.etag) });
    expect(plainNotModified.status).toBe(304);
    // The decoded answer's ETag does not revalidate the compressed one, nor the other way round.
    expect((await viaGateway(registration, { ...brHeaders, 'if-none-match': String(own.headers.etag) })).status).toBe(
      200,
    );
    expect((await viaGateway(registration, { 'if-none-match': brEtag })).status).toBe(200);

    for (const [headers, length, etag, encoding] of [
      [brHeaders, br.body.length, brEtag, 'br'],
      [{}, own.body.length, own.headers.etag, undefined],
    ] as const) {
      const head = await viaGateway(registration, headers, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      expect(head.headers['content-length']).toBe(String(length));
      expect(head.headers.etag).toBe(etag);
      expect(head.headers['content-encoding']).toBe(encoding);
    }
  });

  it('sends an answer stored in the format before compression (an older records, in a rolling deploy) uncompressed to every client', async () => {
    const { registration, own, key } = await publishedVehicle();
    // What an older records publishes: the ETag, a line feed, the body. Marked, to tell it from records' answer.
    const olderBody = Buffer.from(own.body.toString().replace('"serviceRecords"', ' "serviceRecords"'));
    await stack.redis.set(key, Buffer.concat([Buffer.from('"older-tag"\n'), olderBody]), 'EX', 3600);
    for (const headers of [{ 'accept-encoding': 'br' }, {}] as Record<string, string>[]) {
      const sent = await viaGateway(registration, headers);
      expect(sent.status).toBe(200);
      expect(sent.headers['content-encoding']).toBeUndefined();
      expect(sent.headers.etag).toBe('"older-tag"');
      expect(sent.body.equals(olderBody)).toBe(true);
    }
    expect((await readPublishedAnswer(stack.redis, lookupAnswersNamespace(prefix), registration))?.body).toEqual(
      olderBody,
    );
  });

  it('asks records when the stored bytes are neither format, and records publishes its answer again', async () => {
    const { registration, own, key } = await publishedVehicle();
    await stack.redis.set(key, Buffer.from('\nnot a brotli stream'), 'EX', 3600);
    const sent = await viaGateway(registration);
    expect(sent.status).toBe(200);
    expect(sent.body.equals(own.body)).toBe(true);
    await vi.waitFor(async () =>
      expect(brotliDecompressSync((await stack.redis.getBuffer(key))!.subarray(1)).equals(own.body)).toBe(true),
    );
  });
});
