import { describe, expect, it } from 'vitest';
import { canAddRecords } from './entitlement.js';

describe('canAddRecords', () => {
  it.each(['active', 'trialing'])('lets a garage whose subscription is %s add records', (status) => {
    expect(canAddRecords(status)).toBe(true);
  });

  it.each(['past_due', 'unpaid', 'incomplete', 'canceled', 'inactive', 'ACTIVE', ''])(
    'refuses a garage whose subscription is %j',
    (status) => {
      expect(canAddRecords(status)).toBe(false);
    },
  );
});
