import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { findTotpStep, generateTotpSecret, totpUri } from './totp.js';

// RFC 6238, Appendix B: the SHA-1 rows (secret "12345678901234567890", 8 digits, 30-second steps, T0 = 0).
const RFC_6238_SHA1_VECTORS = [
  { seconds: 59, code: '94287082' },
  { seconds: 1111111109, code: '07081804' },
  { seconds: 1111111111, code: '14050471' },
  { seconds: 1234567890, code: '89005924' },
  { seconds: 2000000000, code: '69279037' },
  { seconds: 20000000000, code: '65353130' },
] as const;

describe('findTotpStep (the check every second-factor code goes through)', () => {
  const rfcSecret = Secret.fromLatin1('12345678901234567890');

  it.each(RFC_6238_SHA1_VECTORS)(
    "accepts RFC 6238's code $code at $seconds s, in that time's own step",
    ({ seconds, code }) => {
      expect(findTotpStep(rfcSecret, code, seconds * 1000, 8)).toBe(Math.floor(seconds / 30));
    },
  );

  it.each(RFC_6238_SHA1_VECTORS)('refuses $code two steps after its time', ({ seconds, code }) => {
    expect(findTotpStep(rfcSecret, code, (seconds + 60) * 1000, 8)).toBeNull();
  });

  it("accepts the neighbouring step's code, answering that step", () => {
    expect(findTotpStep(rfcSecret, '07081804', (1111111109 + 30) * 1000, 8)).toBe(Math.floor(1111111109 / 30));
  });

  it('refuses a code of the wrong length or with anything but digits', () => {
    expect(findTotpStep(rfcSecret, '9428708', 59_000, 8)).toBeNull();
    expect(findTotpStep(rfcSecret, '9428708a', 59_000, 8)).toBeNull();
    expect(findTotpStep(rfcSecret, '94287082', 59_000)).toBeNull();
  });

  it('accepts the 6-digit code of a new secret from the URI an app would read', () => {
    const secret = generateTotpSecret();
    const uri = new URL(totpUri(secret, 'admin@example.test'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('digits')).toBe('6');
  });
});
