import { describe, expect, it, vi } from 'vitest';
import { removeSignupUser } from './remove-signup-user.js';

/** An identity that fails the first `failures` deletions. */
function identityFailing(failures: number) {
  let calls = 0;
  return {
    deleteUser: vi.fn(async () => {
      calls += 1;
      if (calls <= failures) throw new Error(`identity answered 503 (call ${calls})`);
    }),
  };
}

describe('removeSignupUser', () => {
  it('removes the user at once when identity answers', async () => {
    const identity = identityFailing(0);
    const wait = vi.fn(async () => undefined);
    expect(await removeSignupUser(identity, 'user-1', { error: vi.fn() }, wait)).toBe('removed');
    expect(identity.deleteUser).toHaveBeenCalledTimes(1);
    expect(wait).not.toHaveBeenCalled();
  });

  it('retries after 200 ms and then 400 ms', async () => {
    const identity = identityFailing(2);
    const wait = vi.fn(async () => undefined);
    const logger = { error: vi.fn() };
    expect(await removeSignupUser(identity, 'user-1', logger, wait)).toBe('removed');
    expect(identity.deleteUser).toHaveBeenCalledTimes(3);
    expect(wait.mock.calls).toEqual([[200], [400]]);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('gives up after three attempts and logs the user left behind', async () => {
    const identity = identityFailing(5);
    const logger = { error: vi.fn() };
    expect(await removeSignupUser(identity, 'user-1', logger, async () => undefined)).toBe('left_behind');
    expect(identity.deleteUser).toHaveBeenCalledTimes(3);
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({ userId: 'user-1' }),
      'signup compensation failed: identity user left behind',
    );
  });
});
