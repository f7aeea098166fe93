import { describe, expect, it } from 'vitest';
import { composeEmailConfirmationMail } from './compose-email-confirmation-mail.js';
import { composePasswordResetMail } from './compose-password-reset-mail.js';
import { redactLinkTokens } from './redact-link-tokens.js';

const context = { publicUrl: 'https://example.co.uk', supportEmail: 'support@example.co.uk' };

describe('redactLinkTokens', () => {
  it('replaces the token of every link in both parts of a mail and keeps the rest', () => {
    for (const mail of [
      composePasswordResetMail(context, { token: 'Zx9_-secret' }),
      composeEmailConfirmationMail(context, { token: 'a+b/c=&d' }),
    ]) {
      const html = redactLinkTokens(mail.html);
      const text = redactLinkTokens(mail.text);
      for (const part of [html, text]) {
        expect(part).not.toMatch(/Zx9_-secret|a%2Bb%2Fc%3D%26d/);
        expect(part).toContain('?token=[redacted]');
      }
      expect(html.length).toBeGreaterThan(1000);
      expect(text.split('\n').length).toBe(mail.text.split('\n').length);
    }
  });

  it('finds a token after &, &amp; and in an error message, and leaves text without one alone', () => {
    expect(redactLinkTokens('https://x.test/p?a=1&token=abc&b=2')).toBe('https://x.test/p?a=1&token=[redacted]&b=2');
    expect(redactLinkTokens('href="https://x.test/p?a=1&amp;token=abc"')).toBe(
      'href="https://x.test/p?a=1&amp;token=[redacted]"',
    );
    expect(redactLinkTokens('550 rejected: https://x.test/reset-password?token=abc in body')).toBe(
      '550 rejected: https://x.test/reset-password?token=[redacted] in body',
    );
    expect(redactLinkTokens('Your token expired, see https://x.test/tokens')).toBe(
      'Your token expired, see https://x.test/tokens',
    );
  });
});
