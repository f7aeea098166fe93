import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/** argon2id with OWASP's minimum profile (19 MiB, 2 passes, 1 lane). */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes a password for storage. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

/**
 * A hash of a random secret made with the same options, verified against when there is no user, so that an
 * unknown e-mail costs the same time as a wrong password.
 */
const DUMMY_HASH = hashPassword(randomBytes(32).toString('hex'));

/** Whether a password matches a stored hash; with no hash (unknown user) it spends the same time and answers false. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  const hash = storedHash ?? (await DUMMY_HASH);
  const isMatch = await argon2.verify(hash, password).catch(() => false);
  return storedHash !== null && isMatch;
}
