import argon2 from 'argon2';
import { MESSAGES } from '@sh/shared/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetPassword } from '../src/domain/reset-password.js';
import { startIdentity, type RunningIdentity } from './helpers.js';

let identity: RunningIdentity;

beforeAll(async () => {
  identity = await startIdentity();
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await identity?.close();
});

describe('resetting a password with a link that is not valid', () => {
  it('refuses it before spending any argon2 time on the new password', async () => {
    const hash = vi.spyOn(argon2, 'hash');
    await expect(
      resetPassword(identity.db.pool, { token: 'a'.repeat(43), password: 'Anything2026' }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      message: MESSAGES.resetPassword.invalidLink,
    });
    expect(hash).not.toHaveBeenCalled();
  });
});
