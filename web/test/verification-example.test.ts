/// <reference types="node" />
import { execFile } from 'node:child_process';
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildVerificationExample } from '../src/lib/verification-example';

/**
 * Runs the Node.js program that /verify-records publishes, as a reader would, against a local stand-in for
 * the API: a real SHA-256 chain and a receipt signed with a real Ed25519 key. The page's instructions are
 * only worth something if the program says "intact" and "valid" for a genuine history and not for a changed one.
 */

const run = promisify(execFile);

/** RFC 8785 for the JSON used here (strings, integers, null, objects): keys sorted, no spaces. */
const CANONICALIZE_SOURCE = `export default function canonicalize(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return '[' + value.map(canonicalize).join(',') + ']';
  return '{' + Object.keys(value).sort().filter((key) => value[key] !== undefined)
    .map((key) => JSON.stringify(key) + ':' + canonicalize(value[key])).join(',') + '}';
}
`;

function canonicalize(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalize).join(',')}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalize(record[key])}`)
    .join(',')}}`;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

type TEntry = {
  position: number;
  kind: 'record';
  record_id: string;
  hash: string;
  prev_hash: string | null;
  content: Record<string, unknown>;
};

function buildChain(): TEntry[] {
  const entries: TEntry[] = [];
  const services = [
    {
      record_id: '3f1c9a52-8d4e-4b7a-9c2e-000000000001',
      service_type: 'Full Service',
      mileage: 31950,
      service_date: '2024-03-14',
    },
    {
      record_id: '3f1c9a52-8d4e-4b7a-9c2e-000000000002',
      service_type: 'Brake Fluid Change',
      mileage: 45210,
      service_date: '2025-03-14',
    },
  ];
  let prevHash: string | null = null;
  services.forEach((service, index) => {
    const content = { ...service, registration: 'AB12CDE', position: index + 1, prev_hash: prevHash };
    const hash = sha256(canonicalize(content));
    entries.push({
      position: index + 1,
      kind: 'record',
      record_id: service.record_id,
      hash,
      prev_hash: prevHash,
      content,
    });
    prevHash = hash;
  });
  return entries;
}

let server: Server;
let workDir: string;
let entries: TEntry[];
const keys = generateKeyPairSync('ed25519');
/** The key that signed receipts before a rotation to `keys`. */
const retiredKeys = generateKeyPairSync('ed25519');
const publishedKey = (pair: typeof keys, keyId: string, from: string, until: string | null) => ({
  keyId,
  publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }),
  from,
  until,
});

beforeEach(async () => {
  entries = buildChain();
  server = createServer((request, response) => {
    const data = request.url?.endsWith('/signing-key')
      ? {
          algorithm: 'Ed25519',
          publicKey: keys.publicKey.export({ type: 'spki', format: 'pem' }),
          keyId: 'test-key',
          keys: [
            publishedKey(retiredKeys, 'retired-key', '2024-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z'),
            publishedKey(keys, 'test-key', '2025-01-01T00:00:01.000Z', null),
          ],
        }
      : {
          registration: 'AB12CDE',
          valid: true,
          length: entries.length,
          head: entries.at(-1)?.hash ?? null,
          brokenAt: null,
          entries,
        };
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ status: 200, data }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  workDir = await mkdtemp(join(tmpdir(), 'verify-example-'));
  const packageDir = join(workDir, 'node_modules', 'canonicalize');
  await mkdir(packageDir, { recursive: true });
  await writeFile(
    join(packageDir, 'package.json'),
    JSON.stringify({ name: 'canonicalize', type: 'module', main: 'index.js' }),
  );
  await writeFile(join(packageDir, 'index.js'), CANONICALIZE_SOURCE);
  const { port } = server.address() as AddressInfo;
  await writeFile(join(workDir, 'check-history.mjs'), buildVerificationExample(`http://127.0.0.1:${port}`));
});

afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(workDir, { recursive: true, force: true });
});

async function writeReceipt(
  entry: TEntry,
  signedHash = entry.hash,
  signer: { pair: typeof keys; keyId: string } = { pair: keys, keyId: 'test-key' },
): Promise<string> {
  const signed = {
    hash: signedHash,
    position: entry.position,
    prev_hash: entry.prev_hash,
    registration: 'AB12CDE',
    signed_at: '2025-03-14T10:22:00.000Z',
  };
  const signature = sign(null, Buffer.from(canonicalize(signed), 'utf8'), signer.pair.privateKey).toString('base64');
  const file = join(workDir, 'receipt.json');
  await writeFile(file, JSON.stringify({ ...signed, signature, key_id: signer.keyId }));
  return file;
}

async function runExample(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['check-history.mjs', 'AB12CDE', ...args], {
    cwd: workDir,
    timeout: 20_000,
  });
  return stdout;
}

describe('the Node.js example on /verify-records', () => {
  it('finds a genuine chain intact and its receipt signed by the key and still in the chain', async () => {
    const receipt = await writeReceipt(entries[1]!);
    const output = await runExample(receipt);
    expect(output).toContain('Entry 1: matches');
    expect(output).toContain('Entry 2: matches');
    expect(output).toContain('Chain intact: 2 entries');
    expect(output).toContain('Receipt signature: valid');
    expect(output).toContain('Entry 2 still has the hash on the receipt');
  });

  it('checks a receipt signed before a key rotation with the key its key_id names', async () => {
    const receipt = await writeReceipt(entries[0]!, entries[0]!.hash, { pair: retiredKeys, keyId: 'retired-key' });
    expect(await runExample(receipt)).toContain('Receipt signature: valid');
    // Named as signed by the current key, the same signature is not one.
    const misnamed = JSON.parse(await readFile(receipt, 'utf8')) as Record<string, unknown>;
    await writeFile(receipt, JSON.stringify({ ...misnamed, key_id: 'test-key' }));
    expect(await runExample(receipt)).toContain('Receipt signature: NOT VALID');
  });

  it('reports an entry whose content was changed after it was sealed', async () => {
    entries[0]!.content = { ...entries[0]!.content, mileage: 3195 };
    const output = await runExample();
    expect(output).toContain('Entry 1: DOES NOT MATCH');
    expect(output).toContain('Chain broken');
  });

  it('reports a receipt whose hash is no longer in the chain, and a signature that is not ours', async () => {
    const receipt = await writeReceipt(entries[1]!, 'ef'.repeat(32));
    const output = await runExample(receipt);
    expect(output).toContain('Receipt signature: valid');
    expect(output).toContain('Entry 2 NO LONGER has the hash on the receipt');

    const forged = JSON.stringify({
      hash: entries[1]!.hash,
      position: 2,
      prev_hash: entries[0]!.hash,
      registration: 'AB12CDE',
      signed_at: 'x',
      signature: Buffer.alloc(64).toString('base64'),
    });
    await writeFile(receipt, forged);
    expect(await runExample(receipt)).toContain('Receipt signature: NOT VALID');
  });
});
