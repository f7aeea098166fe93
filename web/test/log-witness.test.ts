import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_LOG } from '@sh/shared/contract';
import { encodeBase64, generateKeyPair, parseSignerKey, signCheckpoint } from '@sh/shared/transparency-log';
import { DEV_LOG_SIGNING_KEY } from '../../packages/shared/src/server/services';
import { checkLatestCheckpoint, rememberedCheckpointKey } from '../src/lib/log-witness';
import { buildFakeLog } from './fake-log';
import { failure, mockApi, ok } from './support';

const KEY = rememberedCheckpointKey(DEVELOPMENT_LOG.origin);

/** An eight-leaf log whose latest checkpoint covers `size` leaves, with the witness's calls routed. */
async function logAt(size: number) {
  const log = await buildFakeLog('AB12CDE', [], { before: 5, after: 3 });
  log.checkpointSize = size;
  const api = mockApi(log.routes());
  return { log, api };
}

/** What a checkpoint remembered by this browser looks like in storage. */
function remember(checkpoint: { treeSize: number; rootHash: string; note: string }) {
  window.localStorage.setItem(
    KEY,
    JSON.stringify({ size: checkpoint.treeSize, rootHash: checkpoint.rootHash, note: checkpoint.note }),
  );
}

function remembered() {
  return JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as {
    size: number;
    rootHash: string;
    note: string;
  } | null;
}

describe('checkLatestCheckpoint: the signature', () => {
  it('verifies the latest checkpoint with the bundled key and remembers it on a first visit', async () => {
    const { log } = await logAt(8);
    const check = await checkLatestCheckpoint();
    expect(check).toMatchObject({ status: 'verified', checkpoint: { size: 8 }, witness: { status: 'first' } });
    const latest = await log.checkpoint(8);
    expect(remembered()).toEqual({ size: 8, rootHash: latest.rootHash, note: latest.note });
  });

  it('refuses a checkpoint signed with another key, of another log, or whose stated size is not its note’s', async () => {
    const { log } = await logAt(8);
    const honest = await log.checkpoint(8);
    const stranger = await parseSignerKey((await generateKeyPair(DEVELOPMENT_LOG.origin)).signerKey);
    const rootHash = Uint8Array.from(atob(honest.rootHash), (c) => c.charCodeAt(0));
    const notOurs = await signCheckpoint({ origin: DEVELOPMENT_LOG.origin, size: 8, rootHash }, stranger);
    // Our key's signature over a checkpoint of another log.
    const otherLog = await signCheckpoint(
      { origin: 'example.com/another-log', size: 8, rootHash },
      await parseSignerKey(DEV_LOG_SIGNING_KEY),
    );
    for (const answer of [
      { ...honest, note: notOurs },
      { ...honest, note: otherLog },
      { ...honest, treeSize: 9 },
    ]) {
      mockApi({ 'GET service-records/log/checkpoint': ok(answer) });
      expect((await checkLatestCheckpoint()).status).toBe('untrusted');
    }
    expect(remembered()).toBeNull();
    mockApi({ 'GET service-records/log/checkpoint': ok(honest) });
    expect((await checkLatestCheckpoint()).status).toBe('verified');
  });

  it('answers none before the first checkpoint, and throws (storing nothing) when the server cannot be reached', async () => {
    mockApi({ 'GET service-records/log/checkpoint': failure(404, 'not_found', 'No checkpoint has been issued yet') });
    expect(await checkLatestCheckpoint()).toEqual({ status: 'none' });
    mockApi({ 'GET service-records/log/checkpoint': new TypeError('Failed to fetch') });
    await expect(checkLatestCheckpoint()).rejects.toThrow();
    expect(remembered()).toBeNull();
  });
});

describe('checkLatestCheckpoint: the witness', () => {
  it('proves a larger checkpoint consistent with the remembered one and remembers the larger', async () => {
    const { log, api } = await logAt(8);
    remember(await log.checkpoint(5));
    const check = await checkLatestCheckpoint();
    expect(check).toMatchObject({
      status: 'verified',
      checkpoint: { size: 8 },
      witness: { status: 'consistent', previous: { size: 5 } },
    });
    expect(api.callsTo('GET service-records/log/proof/consistency').map((call) => call.query)).toEqual([
      '?from=5&to=8',
    ]);
    expect(remembered()?.size).toBe(8);
  });

  it('accepts the same checkpoint again without a proof, and an older one proven a prefix of the remembered, keeping the larger', async () => {
    const { log, api } = await logAt(8);
    remember(await log.checkpoint(8));
    expect(await checkLatestCheckpoint()).toMatchObject({ witness: { status: 'consistent', previous: { size: 8 } } });
    expect(api.callsTo('GET service-records/log/proof/consistency')).toEqual([]);
    log.checkpointSize = 6;
    expect(await checkLatestCheckpoint()).toMatchObject({
      checkpoint: { size: 6 },
      witness: { status: 'consistent', previous: { size: 8 } },
    });
    expect(api.callsTo('GET service-records/log/proof/consistency').map((call) => call.query)).toEqual([
      '?from=6&to=8',
    ]);
    expect(remembered()?.size).toBe(8);
  });

  it('reports a remembered checkpoint the log does not extend, and keeps it rather than replacing it', async () => {
    const { log } = await logAt(8);
    const signer = await parseSignerKey(DEV_LOG_SIGNING_KEY);
    const otherRoot = new Uint8Array(32).fill(7);
    const rewritten = {
      treeSize: 5,
      rootHash: encodeBase64(otherRoot),
      note: await signCheckpoint({ origin: DEVELOPMENT_LOG.origin, size: 5, rootHash: otherRoot }, signer),
    };
    remember(rewritten);
    expect(await checkLatestCheckpoint()).toMatchObject({
      status: 'verified',
      checkpoint: { size: 8 },
      witness: { status: 'inconsistent', previous: { size: 5 } },
    });
    expect(remembered()).toEqual({ size: 5, rootHash: rewritten.rootHash, note: rewritten.note });

    // The same size with another root, and a remembered size the log can no longer prove (it shrank).
    const sameSize = {
      treeSize: 8,
      rootHash: encodeBase64(otherRoot),
      note: await signCheckpoint({ origin: DEVELOPMENT_LOG.origin, size: 8, rootHash: otherRoot }, signer),
    };
    remember(sameSize);
    expect(await checkLatestCheckpoint()).toMatchObject({ witness: { status: 'inconsistent', previous: { size: 8 } } });
    const larger = {
      treeSize: 12,
      rootHash: encodeBase64(otherRoot),
      note: await signCheckpoint({ origin: DEVELOPMENT_LOG.origin, size: 12, rootHash: otherRoot }, signer),
    };
    remember(larger);
    expect(await checkLatestCheckpoint()).toMatchObject({
      witness: { status: 'inconsistent', previous: { size: 12 } },
    });
    expect(remembered()?.size).toBe(12);
    expect(log.checkpointSize).toBe(8);
  });

  it('ignores a remembered checkpoint that our key did not sign, or whose stated root is not its note’s', async () => {
    const { log, api } = await logAt(8);
    const five = await log.checkpoint(5);
    remember({ ...five, note: five.note.replace('\n5\n', '\n4\n') });
    expect(await checkLatestCheckpoint()).toMatchObject({ witness: { status: 'first' } });
    remember({ ...five, rootHash: encodeBase64(new Uint8Array(32)) });
    expect(await checkLatestCheckpoint()).toMatchObject({ witness: { status: 'first' } });
    expect(remembered()?.size).toBe(8);
    expect(api.callsTo('GET service-records/log/proof/consistency')).toEqual([]);
  });
});
