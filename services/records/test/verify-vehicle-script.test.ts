import { execFile } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { DEVELOPMENT_LOG, ZVerifyChainResponseSchema } from '@sh/shared/contract';
import { DEV_LOG_SIGNING_KEY } from '@sh/shared/server';
import { callJson } from '@sh/shared/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  C2SP_CHECKPOINT_TEXT,
  GO_NOTE,
  GO_SUMDB,
  HASHER_VECTORS,
  REFERENCE_TREE,
} from '../../../packages/shared/test/transparency-log/vectors.js';
import { issueCheckpoint } from '../src/domain/issue-checkpoint.js';
import { loadLogSigner, type LogSigner } from '../src/domain/log-signer.js';
import { canonicalJson as projectCanonicalJson } from '../src/domain/chain-entry.js';
import { buildGarageAccount, logServiceRecord, startRecordsStack, type RecordsStack } from './harness.js';
import { tamperWithMileage } from './tamper-with-mileage.js';

/** The standalone verifier (plain JavaScript, no project imports), run as anyone would run it. */
const SCRIPT = path.join(import.meta.dirname, '../../../scripts/verify-vehicle.mjs');

interface VerifierScript {
  canonicalJson(value: unknown): string;
  leafHash(bytes: Uint8Array): Buffer;
  verifyInclusion(index: number, size: number, leaf: Uint8Array, proof: Uint8Array[], root: Uint8Array): boolean;
  parseVerifierKey(text: string): { name: string; id: Buffer };
  openSignedNote(note: string, key: unknown): string;
}
// Loaded by a path the compiler does not follow: the script is plain JavaScript with no declarations.
const script = (await import(SCRIPT)) as VerifierScript;
const hex = (text: string) => Buffer.from(text, 'hex');

describe('the verify:vehicle script, on published vectors', () => {
  it('hashes leaves as RFC 6962 does', () => {
    expect(script.leafHash(new Uint8Array()).toString('hex')).toBe(HASHER_VECTORS.emptyLeaf);
    expect(script.leafHash(Buffer.from('L123456')).toString('hex')).toBe(HASHER_VECTORS.leafL123456);
  });

  it("verifies the reference tree's inclusion proofs and refuses them altered", () => {
    for (const { index, size, proof } of REFERENCE_TREE.inclusionProofs) {
      const leaf = script.leafHash(hex(REFERENCE_TREE.leaves[index]!));
      const root = hex(REFERENCE_TREE.roots[size - 1]!);
      expect(script.verifyInclusion(index, size, leaf, proof.map(hex), root)).toBe(true);
      expect(script.verifyInclusion(index, size, script.leafHash(hex('ff')), proof.map(hex), root)).toBe(false);
      expect(script.verifyInclusion(index, size, leaf, proof.map(hex), hex(REFERENCE_TREE.roots[size % 8]!))).toBe(
        false,
      );
      expect(script.verifyInclusion(index, size, leaf, [...proof.map(hex), root], root)).toBe(false);
    }
    // Beyond 32 bits, where JavaScript's bit operators would wrap: the last leaf of a tree of 2^33 + 1 has one sibling,
    // the root of the first 2^33 leaves, on its left.
    const [left, leaf] = [hex(REFERENCE_TREE.roots[7]!), hex(REFERENCE_TREE.roots[0]!)];
    const root = createHash('sha256')
      .update(Buffer.concat([Buffer.from([1]), left, leaf]))
      .digest();
    expect(script.verifyInclusion(2 ** 33, 2 ** 33 + 1, leaf, [left], root)).toBe(true);
    expect(script.verifyInclusion(2 ** 33 - 1, 2 ** 33 + 1, leaf, [left], root)).toBe(false);
  });

  it('parses C2SP verifier keys, checking their key ids, and opens notes only with the signing key', () => {
    expect(script.parseVerifierKey(DEVELOPMENT_LOG.verifierKey).name).toBe(DEVELOPMENT_LOG.origin);
    for (const bad of GO_NOTE.badVerifierKeys) expect(() => script.parseVerifierKey(bad)).toThrow();
    expect(() => script.parseVerifierKey(GO_NOTE.peterVerifierKey.replace('c74f20a3', 'c74f20a4'))).toThrow(
      /id does not match/,
    );

    const sumdb = script.parseVerifierKey(GO_SUMDB.verifierKey);
    expect(script.openSignedNote(GO_SUMDB.signedTree6, sumdb)).toBe(GO_SUMDB.signedTree6.split('\n\n')[0] + '\n');
    const peter = script.parseVerifierKey(GO_NOTE.peterVerifierKey);
    expect(script.openSignedNote(`${GO_NOTE.text}\n${GO_NOTE.peterSignature}`, peter)).toBe(GO_NOTE.text);
    expect(() => script.openSignedNote(`${GO_NOTE.text}\n${GO_NOTE.enochSignature}`, peter)).toThrow(
      /no valid signature/,
    );
    expect(() =>
      script.openSignedNote(`${GO_NOTE.text.replace('answer', 'solution')}\n${GO_NOTE.peterSignature}`, peter),
    ).toThrow(/no valid signature/);
    expect(() => script.openSignedNote(C2SP_CHECKPOINT_TEXT, peter)).toThrow();
  });

  it('writes canonical JSON as the project does, and refuses numbers that are not integers', () => {
    const value = {
      b: [1, 'two', null, true],
      a: { '\u00e9': 'x', z: -3, '\ud83d\ude00': 0, '\uff61': 1 },
      'a\u0000': 'nul"\\',
    };
    expect(script.canonicalJson(value)).toBe(projectCanonicalJson(value));
    expect(() => script.canonicalJson({ mileage: 1.5 })).toThrow();
  });
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runScript(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], { timeout: 15_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? -1) : 0, stdout, stderr });
    });
  });
}

describe('the verify:vehicle script, against records over HTTP', () => {
  let stack: RecordsStack;
  let log: LogSigner;
  beforeAll(async () => {
    stack = await startRecordsStack();
    log = await loadLogSigner(DEVELOPMENT_LOG.origin, DEV_LOG_SIGNING_KEY);
  });
  afterAll(async () => {
    await stack?.close();
  });
  const verifyVehicle = (registration: string, ...extra: string[]) =>
    runScript([registration, '--key', DEVELOPMENT_LOG.verifierKey, '--base', stack.url, ...extra]);

  it("gives each verify entry its leaf index, verifies the vehicle's history, and names the first entry that fails", async () => {
    const garage = await buildGarageAccount(stack);
    await logServiceRecord(stack, garage, { vehicle_registration: 'VS02OTH', mileage: 500 });
    expect(await issueCheckpoint(stack.db.pool, log)).toBe(1);
    await logServiceRecord(stack, garage, { vehicle_registration: 'VS01ANY', mileage: 1000 });
    const second = await logServiceRecord(stack, garage, { vehicle_registration: 'VS01ANY', mileage: 2000 });

    // verify answers each entry's leaf (null until it is logged: not the case here, appending is in the transaction).
    const answer = ZVerifyChainResponseSchema.parse(
      (await callJson(stack.url, 'GET', '/api/v1/service-records/verify/VS01ANY')).body,
    ).data;
    expect(answer.entries.map((entry) => entry.leaf_index)).toEqual([1, 2]);

    // Not yet in a checkpoint: a failure, unless the caller accepts pending entries.
    const early = await verifyVehicle('VS01ANY');
    expect(early.stderr).toBe('');
    expect(early.code).toBe(1);
    expect(early.stdout).toMatch(/entry 1 \(record [0-9a-f-]{36}\): it is not yet in a checkpoint/);
    expect(await issueCheckpoint(stack.db.pool, log)).toBe(3);

    const good = await verifyVehicle('VS01ANY');
    expect(good.stderr).toBe('');
    expect(good.stdout).toMatch(
      /^OK VS01ANY: 2 entries verified; checkpoint of 3 entries, root [A-Za-z0-9+/]{43}= \(localhost\/wrenchmark-development-log\)\n$/,
    );
    expect(good.code).toBe(0);

    // A record newer than the checkpoint: pending, accepted only with --allow-pending.
    await logServiceRecord(stack, garage, { vehicle_registration: 'VS01ANY', mileage: 3000 });
    expect((await verifyVehicle('VS01ANY')).stdout).toMatch(/^FAILED entry 3 .*not yet in a checkpoint/);
    const pending = await verifyVehicle('VS01ANY', '--allow-pending');
    expect(pending.stdout).toMatch(
      /^OK VS01ANY: 3 entries verified, 1 not yet in a checkpoint; checkpoint of 3 entries/,
    );
    expect(pending.code).toBe(0);
    expect(await issueCheckpoint(stack.db.pool, log)).toBe(4);

    // The database tamper of issue 23: every hash and link checks out again, but the log's leaf does not.
    await tamperWithMileage(stack.db.pool, 'VS01ANY', 2, 1200);
    const tampered = await verifyVehicle('VS01ANY');
    expect(tampered.stdout).toBe(
      `FAILED entry 2 (record ${second.id}): it is not in the signed log as shown (its inclusion proof fails)\n`,
    );
    expect(tampered.code).toBe(1);
  });

  it('checks each value shown against its salted commitment, and names the entry whose value was changed', async () => {
    const garage = await buildGarageAccount(stack);
    const record = await logServiceRecord(stack, garage, {
      vehicle_registration: 'VS03SLT',
      technician_name: 'Alex Morgan',
    });
    await issueCheckpoint(stack.db.pool, log);
    expect((await verifyVehicle('VS03SLT')).code).toBe(0);
    // Someone with the database rewrites the technician, beside the entry and on the record alike.
    await stack.db.pool.query(
      "UPDATE entry_fields SET value = 'Someone Else' WHERE registration = 'VS03SLT' AND path = 'record.technician_name'",
    );
    await stack.db.pool.query("UPDATE service_records SET technician_name = 'Someone Else' WHERE id = $1", [record.id]);
    const changed = await verifyVehicle('VS03SLT');
    expect(changed.stdout).toBe(
      `FAILED entry 1 (record ${record.id}): its record.technician_name does not match what it sealed\n`,
    );
    expect(changed.code).toBe(1);
    const answer = ZVerifyChainResponseSchema.parse(
      (await callJson(stack.url, 'GET', '/api/v1/service-records/verify/VS03SLT')).body,
    ).data;
    expect(answer.brokenAt).toEqual({
      position: 1,
      record_id: record.id,
      reason: 'a sealed value no longer matches its hash',
    });
  });

  it('refuses a checkpoint not signed by the key given, and says so before reading any entry', async () => {
    const other = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x!;
    const raw = Buffer.concat([Buffer.from([1]), Buffer.from(other, 'base64url')]);
    const id = createHash('sha256')
      .update(Buffer.concat([Buffer.from(`${DEVELOPMENT_LOG.origin}\n`), raw]))
      .digest()
      .subarray(0, 4)
      .toString('hex');
    const wrongKey = `${DEVELOPMENT_LOG.origin}+${id}+${raw.toString('base64')}`;

    const run = await runScript(['VS02OTH', '--key', wrongKey, '--base', stack.url]);
    expect(run.stdout).toBe(
      `FAILED checkpoint: the checkpoint carries no valid signature by ${DEVELOPMENT_LOG.origin}\n`,
    );
    expect(run.code).toBe(1);
  });

  it('exits 2 on a usage error or when the server cannot be reached', async () => {
    const usage = await runScript(['VS02OTH']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^usage: /);
    const badKey = await runScript([
      'VS02OTH',
      '--key',
      DEVELOPMENT_LOG.verifierKey.replace('0afd2724', '0afd2725'),
      '--base',
      stack.url,
    ]);
    expect(badKey.code).toBe(2);
    expect(badKey.stderr).toMatch(/id does not match/);
    const unreachable = await runScript([
      'VS02OTH',
      '--key',
      DEVELOPMENT_LOG.verifierKey,
      '--base',
      'http://127.0.0.1:1',
    ]);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(/^cannot reach http:\/\/127\.0\.0\.1:1/);
  });
});
