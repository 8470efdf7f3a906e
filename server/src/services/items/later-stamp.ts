import { dateTimeText } from '../../db/clock';

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;

/** A stored `YYYY-MM-DD HH:mm:ss` (local time, as `dateTimeText` writes it) as a Date; null if it is not one. */
const parseStamp = (text: string): Date | null => {
  const match = DATE_TIME.exec(text);
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(year, month - 1, day, hours, minutes, seconds);
};

/**
 * The time an update stamps into lastModifiedDate: now, or just after the stored stamp when now
 * would not be later (two saves within one second, or a clock behind). A stamp that always moves
 * forward is what makes optimistic locking hold: a second save sending the stamp both read is
 * then always stale. Second resolution for text stamps, millisecond for numeric ones.
 */
export const laterStamp = (now: Date, stored: unknown): Date => {
  if (typeof stored === 'number' || (typeof stored === 'string' && /^\d+$/.test(stored))) {
    const previous = Number(stored);
    return now.getTime() > previous ? now : new Date(previous + 1);
  }
  if (typeof stored !== 'string') return now;
  const previous = parseStamp(stored);
  if (!previous) return now;
  return dateTimeText(now) > dateTimeText(previous) ? now : new Date(previous.getTime() + 1000);
};
