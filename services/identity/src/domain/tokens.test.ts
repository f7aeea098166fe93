import { describe, expect, it } from 'vitest';
import { generateOpaqueToken, hashToken } from '@sh/shared/server';
import { EMAIL_CONFIRMATION_TTL_MS, REFRESH_TOKEN_TTL_MS } from './tokens.js';

describe('opaque tokens', () => {
  it('are 256 random bits in base64url, never the same twice', () => {
    const tokens = Array.from({ length: 100 }, generateOpaqueToken);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('are stored as their SHA-256 in hex, never as themselves', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const token = generateOpaqueToken();
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toContain(token);
  });

  it('live 30 days (refresh) and 7 days (confirmation link)', () => {
    expect(REFRESH_TOKEN_TTL_MS).toBe(2_592_000_000);
    expect(EMAIL_CONFIRMATION_TTL_MS).toBe(604_800_000);
  });
});
