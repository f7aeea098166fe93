import argon2 from 'argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from '../src/server/passwords.js';

/** An argon2 hash's algorithm, version and cost parameters (what decides how long a verification takes). */
function costOf(hash: string): { algorithm: string; version: string; parameters: Record<string, string> } {
  const [, algorithm = '', version = '', parameters = ''] = hash.split('$');
  return { algorithm, version, parameters: Object.fromEntries(parameters.split(',').map((pair) => pair.split('='))) };
}

/** Our options: argon2id, 19 MiB, 2 passes, 1 lane. */
const OUR_COST = { algorithm: 'argon2id', version: 'v=19', parameters: { m: '19456', t: '2', p: '1' } };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('hashPassword and verifyPassword', () => {
  it("hashes with argon2id at OWASP's minimum profile, salted, and verifies only the right password", async () => {
    const hash = await hashPassword('Spanner42');
    expect(costOf(hash)).toEqual(OUR_COST);
    expect(await hashPassword('Spanner42')).not.toBe(hash);
    expect(await verifyPassword(hash, 'Spanner42')).toBe(true);
    expect(await verifyPassword(hash, 'spanner42')).toBe(false);
  });

  it('answers false for a stored value that is not a hash, without throwing', async () => {
    expect(await verifyPassword('not-a-hash', 'Spanner42')).toBe(false);
  });
});

describe('verifyPassword without a user (timing-equal)', () => {
  it('does the same work as a wrong password: one argon2 verification against a hash of the same parameters', async () => {
    const stored = await hashPassword('Spanner42');
    const verify = vi.spyOn(argon2, 'verify');

    expect(await verifyPassword(stored, 'Wrong-one1')).toBe(false);
    expect(await verifyPassword(null, 'Wrong-one1')).toBe(false);

    expect(verify).toHaveBeenCalledTimes(2);
    const [wrongPasswordHash, unknownUserHash] = verify.mock.calls.map(([hash]) => hash);
    expect(wrongPasswordHash).toBe(stored);
    expect(costOf(unknownUserHash as string)).toEqual(OUR_COST);
    expect(unknownUserHash).not.toBe(stored);
  });

  it('answers false even when the stand-in hash would match', async () => {
    vi.spyOn(argon2, 'verify').mockResolvedValue(true);
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('$argon2id$stored', 'anything')).toBe(true);
  });
});
