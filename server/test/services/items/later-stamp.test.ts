import { describe, expect, it } from 'vitest';
import { dateTimeText } from '../../../src/db/clock';
import { laterStamp } from '../../../src/services/items/later-stamp';

const at = (text: string) => {
  const [day = '', time = ''] = text.split(' ');
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [h, min, s] = time.split(':').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, h, min, s);
};

describe('laterStamp', () => {
  it('is now when now is later than the stored stamp', () => {
    const now = at('2026-11-22 10:00:05');
    expect(laterStamp(now, '2026-11-22 10:00:04')).toBe(now);
    expect(laterStamp(now, null)).toBe(now);
    expect(laterStamp(now, undefined)).toBe(now);
    expect(laterStamp(now, 'not a time')).toBe(now);
  });

  it('moves one second past the stored stamp within the same second, or when the clock is behind', () => {
    expect(dateTimeText(laterStamp(at('2026-11-22 10:00:05'), '2026-11-22 10:00:05'))).toBe(
      '2026-11-22 10:00:06',
    );
    expect(dateTimeText(laterStamp(at('2026-11-22 10:00:05'), '2026-11-22 10:00:09'))).toBe(
      '2026-11-22 10:00:10',
    );
    expect(dateTimeText(laterStamp(at('2026-12-31 23:59:59'), '2026-12-31 23:59:59'))).toBe(
      '2027-01-01 00:00:00',
    );
  });

  it('moves one millisecond past numeric stamps', () => {
    const now = new Date(1_000_000);
    expect(laterStamp(now, 999_999)).toBe(now);
    expect(laterStamp(now, 1_000_000).getTime()).toBe(1_000_001);
    expect(laterStamp(now, '2000000').getTime()).toBe(2_000_001);
  });
});
