import dayjs from 'dayjs';
import { formatDateTime } from '../../../src/common/lib/date-time';

describe('formatDateTime', () => {
  const ms = dayjs('2025-03-04 05:06:07').valueOf();
  it.each([
    [ms, '2025-03-04 05:06:07'],
    [String(ms), '2025-03-04 05:06:07'],
    ['2025-03-04 05:06:07', '2025-03-04 05:06:07'],
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['not a date', ''],
  ])('%j → %j', (value, expected) => expect(formatDateTime(value)).toBe(expected));
});
