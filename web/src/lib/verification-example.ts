/**
 * The Node.js program /verify-records shows: it recomputes every hash and link of a vehicle's chain (GET
 * service-records/verify) and, given a receipt saved as JSON, checks our Ed25519 signature with the key its key_id
 * names (GET service-records/signing-key publishes every key we have signed with) and that the entry still has the
 * signed hash. `apiBase` is this site's origin.
 */
export function buildVerificationExample(apiBase: string): string {
  return `// check-history.mjs (Node.js 20 or later)
// npm install canonicalize      (an RFC 8785 JSON canonicaliser)
// node check-history.mjs AB12CDE [receipt.json]
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import canonicalize from 'canonicalize';

const API = '${apiBase}/api/v1/service-records';
const [registration, receiptFile] = process.argv.slice(2);

async function getData(path) {
  const response = await fetch(\`\${API}/\${path}\`);
  if (!response.ok) throw new Error(\`\${path}: HTTP \${response.status}\`);
  return (await response.json()).data;
}

// 1. The chain: each hash is SHA-256 over the canonical JSON of the entry's
//    content, and each entry carries the hash of the entry before it.
const chain = await getData(\`verify/\${encodeURIComponent(registration)}\`);
let previousHash = null;
let isIntact = true;
chain.entries.forEach((entry, index) => {
  // An older entry whose content is no longer public (withdrawn or since
  // amended) shows none: its hash is bound by the log (npm run verify:vehicle).
  if (entry.content === null) {
    const linked = entry.position === index + 1 && entry.prev_hash === previousHash;
    if (!linked) isIntact = false;
    console.log(\`Entry \${entry.position}: \${linked ? 'content withheld, link matches' : 'DOES NOT MATCH'}\`);
    previousHash = entry.hash;
    return;
  }
  const hash = createHash('sha256').update(canonicalize(entry.content), 'utf8').digest('hex');
  const matches =
    hash === entry.hash &&
    entry.position === index + 1 &&
    entry.content.position === entry.position &&
    entry.prev_hash === previousHash &&
    entry.content.prev_hash === previousHash;
  if (!matches) isIntact = false;
  console.log(\`Entry \${entry.position}: \${matches ? 'matches' : 'DOES NOT MATCH'}\`);
  previousHash = entry.hash;
});
console.log(isIntact ? \`Chain intact: \${chain.entries.length} entries\` : 'Chain broken');

// 2. A receipt: an Ed25519 signature over the canonical JSON of
//    {hash, position, prev_hash, registration, signed_at}, by the key its
//    key_id names: every key we have signed with stays published.
if (receiptFile) {
  const receipt = JSON.parse(await readFile(receiptFile, 'utf8'));
  const { keys } = await getData('signing-key');
  const { hash, position, prev_hash, signed_at } = receipt;
  const signed = canonicalize({ hash, position, prev_hash, registration: receipt.registration, signed_at });
  // A receipt from before key ids were added may be checked against every key.
  const candidates = keys.filter((key) => receipt.key_id === undefined || key.keyId === receipt.key_id);
  const isSignedByUs = candidates.some((key) =>
    verify(null, Buffer.from(signed, 'utf8'), createPublicKey(key.publicKey), Buffer.from(receipt.signature, 'base64')),
  );
  const isInChain = chain.entries.some((entry) => entry.position === position && entry.hash === hash);
  console.log(\`Receipt signature: \${isSignedByUs ? 'valid' : 'NOT VALID'}\`);
  console.log(\`Entry \${position} \${isInChain ? 'still has' : 'NO LONGER has'} the hash on the receipt\`);
}
`;
}
