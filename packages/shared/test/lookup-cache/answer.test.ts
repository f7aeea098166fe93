import { describe, expect, it } from 'vitest';
import { matchesEtag, plainLookupRegistration } from '../../src/lookup-cache/index.js';

describe('matchesEtag', () => {
  const etag = '"abc"';
  it('matches the tag itself, its weak form, a list holding it and *', () => {
    expect(matchesEtag('"abc"', etag)).toBe(true);
    expect(matchesEtag('W/"abc"', etag)).toBe(true);
    expect(matchesEtag('"x", "abc"', etag)).toBe(true);
    expect(matchesEtag('*', etag)).toBe(true);
  });
  it('does not match another tag, a missing header or a tag without quotes', () => {
    expect(matchesEtag('"abd"', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
    expect(matchesEtag('abc', etag)).toBe(false);
  });
});

describe('plainLookupRegistration', () => {
  it('reads a plainly spelt registration, upper-cased', () => {
    expect(plainLookupRegistration('/api/v1/service-records/lookup/ab12cde')).toBe('AB12CDE');
  });
  it('leaves encoded, queried, nested, empty and overlong paths to the plain proxy', () => {
    for (const url of [
      '/api/v1/service-records/lookup/AB12%20CDE',
      '/api/v1/service-records/lookup/AB12CDE?x=1',
      '/api/v1/service-records/lookup/AB12CDE/',
      '/api/v1/service-records/lookup/',
      '/api/v1/service-records/lookup/ABCDEFGHIJKLMNOPQ',
      '/api/v1/service-records/LOOKUP/AB12CDE',
    ]) {
      expect(plainLookupRegistration(url)).toBeNull();
    }
  });
});
