/**
 * `npm run log:key -- <origin name>`: prints a new Ed25519 key pair for the transparency log, in the C2SP
 * signed-note forms, on two lines of standard output:
 *
 *   PRIVATE+KEY+<name>+<key id>+<base64 seed>   the signer key: secret, for the records service's configuration only
 *   <name>+<key id>+<base64 public key>         the verifier key: public, for the README, the web bundle, the key endpoint
 *
 * The name is the log's origin line (a schema-less URL such as `wrenchmark.example/log` is recommended). Nothing is
 * written anywhere else; keep the signer key out of shells' history files and logs.
 */
import { generateKeyPair, isValidKeyName } from '@sh/shared/transparency-log';

const [name, ...extra] = process.argv.slice(2);

if (name === undefined || extra.length > 0 || !isValidKeyName(name)) {
  console.error('Usage: npm run log:key -- <origin name>   (one name, no spaces or +, e.g. wrenchmark.example/log)');
  process.exitCode = 2;
} else {
  const { signerKey, verifierKey } = await generateKeyPair(name);
  console.log(signerKey);
  console.log(verifierKey);
  console.error('Line 1 is the signer key (secret). Line 2 is the verifier key (public).');
}
