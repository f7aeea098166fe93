import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/**
 * How the platform stores a password, in one place: identity hashes and checks its users' passwords with it, and the
 * seed, the benchmarks and the chaos run make their garages' passwords, and measure argon2's cost, with the same.
 */

/** argon2id with OWASP's minimum profile (19 MiB, 2 passes, 1 lane). */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password for storage. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random secret made with the same options, verified against when there is no user, so that an
 * unknown e-mail costs the same time as a wrong password. Made at the first verification (whoever it is for), not
 * when the module loads: every service loads this kit, and only identity verifies passwords.
 */
function dummyHashOnce(): Promise<string> {
  return (dummyHash ??= hashPassword(randomBytes(32).toString('hex')));
}

/** Whether a password matches a stored hash; with no hash (unknown user) it spends the same time and answers false. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  const dummy = dummyHashOnce();
  const hash = storedHash ?? (await dummy);
  const isMatch = await argon2.verify(hash, password).catch(() => false);
  return storedHash !== null && isMatch;
}
