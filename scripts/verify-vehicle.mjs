#!/usr/bin/env node
/* global fetch */
// Checks a vehicle's service history against Wrenchmark's public transparency log, trusting only the log's public key.
//
//   npm run verify:vehicle -- AD61HCX --key KEY [--base URL] [--allow-pending]
//
// KEY is the log's verifier key in C2SP form (name+keyid+base64), as the README and GET .../log/key print it; URL
// defaults to http://localhost:8080 (the `npm start` gateway). The steps: check the key's own id; fetch the latest
// checkpoint and check its Ed25519 signature; fetch the vehicle's entries; for each entry recompute its hash from its
// content, check each value it shows against its salted commitment (SHA-256 of the canonical JSON of {salt, value}),
// check its links, rebuild its log leaf and check the inclusion proof against the checkpoint's root; and
// check each receipt's signature against the published receipt keys. Exit 0: everything verified. Exit 1: the first
// entry that failed is printed. Exit 2: bad arguments, or the server could not be reached or refused a request.
// An entry newer than the latest checkpoint (one is signed about once a minute) fails unless --allow-pending.
// Node's own crypto and fetch only: no dependencies, nothing from the project.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { Buffer } from 'node:buffer';

const sha256 = (...parts) =>
  createHash('sha256')
    .update(Buffer.concat(parts.map((p) => Buffer.from(p))))
    .digest();

/** RFC 8785 canonical JSON for what our entries hold: objects (keys sorted by UTF-16 code units), arrays, strings, integers. */
export function canonicalJson(value) {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value))
      throw new Error(`a number that is not a safe integer (${value}) has no canonical form here`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const keys = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort(); // default sort compares UTF-16 code units
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  throw new Error(`a ${typeof value} has no JSON form`);
}

/** RFC 6962 hashing: a leaf is SHA-256(0x00 || bytes), an inner node SHA-256(0x01 || left || right). */
export const leafHash = (bytes) => sha256([0], bytes);
const nodeHash = (left, right) => sha256([1], left, right);

/**
 * RFC 9162 section 2.1.3.2: does `proof` (sibling hashes, lowest first) lead from leaf `index` of a tree of `size`
 * leaves to `root`? Sizes are BigInt, since JavaScript's bit operators work on 32 bits only.
 */
export function verifyInclusion(index, size, leaf, proof, root) {
  let fn = BigInt(index);
  let sn = BigInt(size) - 1n;
  if (fn > sn) return false;
  let r = Buffer.from(leaf);
  for (const p of proof) {
    if (sn === 0n) return false; // more hashes than the tree has levels
    if ((fn & 1n) === 1n || fn === sn) {
      r = nodeHash(p, r); // the sibling is on the left
      if ((fn & 1n) === 0n) while ((fn & 1n) === 0n && fn !== 0n) [fn, sn] = [fn >> 1n, sn >> 1n];
    } else {
      r = nodeHash(r, p); // the sibling is on the right
    }
    [fn, sn] = [fn >> 1n, sn >> 1n];
  }
  return sn === 0n && r.equals(Buffer.from(root));
}

/** An Ed25519 public key from its 32 raw bytes. */
const ed25519Key = (raw) =>
  createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw).toString('base64url') }, format: 'jwk' });

/** A C2SP verifier key `name+keyid+base64(0x01 || pubkey)`, whose key id must be SHA-256(name || 0x0A || 0x01 || pubkey)[0:4]. */
export function parseVerifierKey(text) {
  const match = /^([^+\s]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/]+=*)$/.exec(String(text)); // base64 may itself hold a '+'
  const [, name, idHex, keyBase64] = match ?? [];
  const key = Buffer.from(keyBase64 ?? '', 'base64');
  if (!match || key.length !== 33 || key[0] !== 1) {
    throw new Error('the key is not a C2SP Ed25519 verifier key (name+keyid+base64)');
  }
  const id = sha256(Buffer.from(`${name}\n`), key).subarray(0, 4);
  if (id.toString('hex') !== idHex) throw new Error("the key's id does not match its name and public key");
  return { name, id, publicKey: ed25519Key(key.subarray(1)) };
}

/**
 * A C2SP signed note: the text, a blank line, then lines `— name base64(keyid(4) || signature(64))`. Answers the text
 * when one line is our key's valid Ed25519 signature over it (up to and including the text's final newline).
 */
export function openSignedNote(note, key) {
  const split = note.lastIndexOf('\n\n');
  if (split < 0 || !note.endsWith('\n')) throw new Error('the checkpoint is not a signed note');
  const text = note.slice(0, split + 1);
  for (const line of note.slice(split + 2, -1).split('\n')) {
    const match = /^\u2014 (\S+) ([A-Za-z0-9+/=]+)$/.exec(line);
    const sig = match ? Buffer.from(match[2], 'base64') : Buffer.alloc(0);
    if (match?.[1] !== key.name || sig.length !== 68 || !sig.subarray(0, 4).equals(key.id)) continue;
    if (verify(null, Buffer.from(text), key.publicKey, sig.subarray(4))) return text;
  }
  throw new Error(`the checkpoint carries no valid signature by ${key.name}`);
}

class Unreachable extends Error {}

/** GET a public API call and answer its `data`; a failed connection or a refusal is an exit-2 error. */
async function get(base, path) {
  const url = new URL(path, base);
  const response = await fetch(url).catch((error) => {
    throw new Unreachable(`cannot reach ${url.origin}: ${error.cause?.message ?? error.message}`);
  });
  if (!response.ok)
    throw new Unreachable(`${url.pathname} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return (await response.json()).data;
}

async function main(argv) {
  // 1. The arguments.
  const args = { base: 'http://localhost:8080', allowPending: false };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--key' || argv[i] === '--base') args[argv[i].slice(2)] = argv[(i += 1)];
    else if (argv[i] === '--allow-pending') args.allowPending = true;
    else if (!args.registration && !argv[i].startsWith('--')) args.registration = argv[i];
    else throw new Unreachable(`unexpected argument ${argv[i]}`);
  }
  if (!args.registration || !args.key || !args.base)
    throw new Unreachable('usage: verify-vehicle REGISTRATION --key KEY [--base URL] [--allow-pending]');
  let key;
  try {
    key = parseVerifierKey(args.key);
  } catch (error) {
    throw new Unreachable(error.message);
  }
  const api = '/api/v1/service-records';

  // 2. The latest checkpoint: signed by the key, naming the key's log, with the tree size and root hash it commits to.
  const checkpoint = await get(args.base, `${api}/log/checkpoint`);
  const fail = (where, why) => ({ ok: false, message: `${where}: ${why}` });
  let lines;
  try {
    lines = openSignedNote(String(checkpoint.note), key).split('\n');
  } catch (error) {
    return fail('checkpoint', error.message);
  }
  if (lines[0] !== key.name) return fail('checkpoint', `it is of the log "${lines[0]}", not "${key.name}"`);
  if (!/^(0|[1-9][0-9]*)$/.test(lines[1] ?? '')) return fail('checkpoint', 'its tree size is unreadable');
  const size = BigInt(lines[1]);
  const root = Buffer.from(lines[2] ?? '', 'base64');
  if (root.length !== 32) return fail('checkpoint', 'its root hash is unreadable');

  // 3. The vehicle's entries, and the receipt keys (to check each entry's receipt signature).
  const chain = await get(args.base, `${api}/verify/${encodeURIComponent(args.registration)}`);
  const receiptKeys = new Map((await get(args.base, `${api}/signing-key`)).keys.map((k) => [k.keyId, k.publicKey]));
  if (chain.entries.length === 0) return fail(chain.registration, 'the server answers no entries for this vehicle');

  // 4. Each entry in turn: its hash, its links, its leaf in the log, its receipt.
  let previousHash = null;
  let pending = 0;
  for (const [i, entry] of chain.entries.entries()) {
    const where = `entry ${entry.position} (${entry.kind} ${entry.record_id})`;
    // Its content (null where a format-1 entry holds what is no longer public: its leaf below still binds its hash).
    if (entry.content !== null) {
      let contentHash;
      try {
        contentHash = sha256(Buffer.from(canonicalJson(entry.content))).toString('hex');
      } catch (error) {
        return fail(where, error.message);
      }
      if (contentHash !== entry.hash) return fail(where, 'its content does not match its hash');
      if (entry.content.position !== entry.position || entry.content.prev_hash !== entry.prev_hash)
        return fail(where, 'its content names another place in the chain');
    }
    // Each value shown with its salt must be what the content's salted commitment at its path sealed.
    for (const { path, value, salt } of entry.disclosures ?? []) {
      const sealed = path
        .split('.')
        .reduce((at, step) => (at !== null && typeof at === 'object' ? at[step] : undefined), entry.content);
      const commitment = sha256(Buffer.from(canonicalJson({ salt, value }))).toString('hex');
      if (typeof sealed?.commitment !== 'string' || sealed.commitment !== commitment)
        return fail(where, `its ${path} does not match what it sealed`);
    }
    if (entry.position !== i + 1) return fail(where, `it should be at position ${i + 1}`);
    if (entry.prev_hash !== previousHash) return fail(where, 'its link to the previous entry does not match');
    previousHash = entry.hash;

    // The leaf bytes, exactly as records builds them (log-entry.ts): canonical JSON of these eight fields.
    const leafFields = {
      registration: chain.registration,
      position: entry.position,
      kind: entry.kind,
      hash: entry.hash,
    };
    Object.assign(leafFields, {
      prev_hash: entry.prev_hash,
      signed_at: entry.signed_at,
      key_id: entry.key_id,
      signature: entry.signature,
    });
    const leaf = leafHash(Buffer.from(canonicalJson(leafFields)));
    if (entry.leaf_index === null || BigInt(entry.leaf_index) >= size) {
      if (!args.allowPending)
        return fail(
          where,
          `it is not yet in a checkpoint (the latest covers ${size} entries; try again in a minute, or pass --allow-pending)`,
        );
      pending += 1;
    } else {
      const proof = await get(args.base, `${api}/log/proof/inclusion?leaf=${entry.leaf_index}&size=${size}`);
      const hashes = proof.hashes.map((h) => Buffer.from(h, 'base64'));
      if (!verifyInclusion(entry.leaf_index, size, leaf, hashes, root))
        return fail(where, 'it is not in the signed log as shown (its inclusion proof fails)');
    }

    // The receipt: Ed25519 by records' receipt key over the canonical JSON of these five fields.
    const message = canonicalJson({
      hash: entry.hash,
      position: entry.position,
      prev_hash: entry.prev_hash,
      registration: chain.registration,
      signed_at: entry.signed_at,
    });
    const pem = receiptKeys.get(entry.key_id);
    if (!pem) return fail(where, `its receipt names a key (${entry.key_id}) that was never published`);
    if (!verify(null, Buffer.from(message), createPublicKey(pem), Buffer.from(entry.signature, 'base64')))
      return fail(where, 'its receipt signature does not match');
  }

  const pendingNote = pending ? `, ${pending} not yet in a checkpoint` : '';
  return {
    ok: true,
    message: `${chain.registration}: ${chain.entries.length} entries verified${pendingNote}; checkpoint of ${size} entries, root ${root.toString('base64')} (${key.name})`,
  };
}

// Run only when started as a script (the tests import the functions above).
if (process.argv[1]?.endsWith('verify-vehicle.mjs')) {
  main(process.argv.slice(2)).then(
    (result) => {
      console.log(result.ok ? `OK ${result.message}` : `FAILED ${result.message}`);
      process.exitCode = result.ok ? 0 : 1;
    },
    (error) => {
      console.error(error instanceof Unreachable ? error.message : error);
      process.exitCode = 2;
    },
  );
}
