import { describe, expect, it } from 'vitest';
import { containsPattern } from './like-pattern.js';

describe('containsPattern', () => {
  it('wraps plain text in % so that it matches anywhere', () => {
    expect(containsPattern('hartley')).toBe('%hartley%');
  });

  it('escapes %, _ and the escape character, so that a search for them finds them literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
