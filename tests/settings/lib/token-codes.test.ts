import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { expiryOf, tokenCodeOptions } from '../../../src/settings/lib/token-codes';

describe('tokenCodeOptions', () => {
  it("offers the user's permission codes, sorted, without role codes or repeats", () => {
    expect(
      tokenCodeOptions(
        [
          { authority: 'ROLE_CLERK' },
          { authority: 'business:order:read' },
          { authority: 'audit:read' },
          { authority: 'business:order:read' },
          { authority: 'ROLE_OTHER' },
        ],
        [{ code: 'ROLE_CLERK' }],
      ),
    ).toEqual(['audit:read', 'business:order:read']);
    expect(tokenCodeOptions(undefined, undefined)).toEqual([]);
  });
});

describe('expiryOf', () => {
  it('sends the end of the picked day, or none', () => {
    const day = dayjs('2030-03-04T10:00:00');
    expect(expiryOf(day)).toBe(day.endOf('day').toISOString());
    expect(expiryOf(null)).toBeNull();
    expect(expiryOf(undefined)).toBeNull();
  });
});
