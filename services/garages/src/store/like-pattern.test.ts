import { describe, expect, it } from 'vitest';
import { containsPattern, startsWithPattern } from './like-pattern.js';

describe('containsPattern', () => {
  it('wraps plain text in % so that it matches anywhere', () => {
    expect(containsPattern('hartley')).toBe('%hartley%');
  });

  it('escapes %, _ and the escape character, so that a search for them finds them literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('startsWithPattern', () => {
  it('ends plain text with % so that it matches from the start only', () => {
    expect(startsWithPattern('harro')).toBe('harro%');
  });

  it('escapes the wildcards, so that "%" or "_" alone matches no town', () => {
    expect(startsWithPattern('%_\\')).toBe('\\%\\_\\\\%');
  });
});
