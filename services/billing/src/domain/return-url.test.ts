import { describe, expect, it } from 'vitest';
import { isOnOrigin } from './return-url.js';

const SITE = 'http://localhost:8080';

describe('isOnOrigin', () => {
  it.each([
    'http://localhost:8080/checkout-success?session_id={CHECKOUT_SESSION_ID}',
    'http://localhost:8080',
    'http://LOCALHOST:8080/checkout?canceled=true',
  ])('accepts %s on the site', (candidate) => {
    expect(isOnOrigin(candidate, SITE)).toBe(true);
  });

  it.each([
    ['another host', 'https://evil.example/steal'],
    ['another port', 'http://localhost:8081/checkout'],
    ['another scheme', 'https://localhost:8080/checkout'],
    ['a host that only starts like the site', 'http://localhost:8080.evil.example/checkout-success'],
    ['credentials before another host', 'http://localhost:8080@evil.example/'],
    ['a script address', 'javascript:alert(1)'],
    ['a relative path', '/checkout-success'],
  ])('refuses %s', (_case, candidate) => {
    expect(isOnOrigin(candidate, SITE)).toBe(false);
  });

  it('refuses everything when the site address itself is not one', () => {
    expect(isOnOrigin('http://localhost:8080/', 'not a url')).toBe(false);
  });
});
