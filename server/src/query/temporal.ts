import { dateTimeText } from '../db/clock';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)(?:\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})?$/;

const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `YYYY-MM-DD` when `text` is a real calendar date in that form, else null. */
export const parseDate = (text: string): string | null => {
  const match = DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  return text;
};

/** `HH:mm:ss` from `HH:mm:ss` or `HH:mm` (24-hour clock), else null. */
export const parseTime = (text: string): string | null => {
  const match = TIME.exec(text);
  if (!match) return null;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? '0')];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return `${match[1]}:${match[2]}:${match[3] ?? '00'}`;
};

/**
 * `YYYY-MM-DD HH:mm:ss` in the server's time zone from that form, the ISO form with `T`, an
 * optional fraction (dropped) and an optional zone (converted), or epoch milliseconds; else null.
 */
export const parseDateTime = (input: string | number): string | null => {
  if (typeof input === 'number') {
    if (!Number.isSafeInteger(input)) return null;
    const date = new Date(input);
    return Number.isNaN(date.getTime()) ? null : dateTimeText(date);
  }
  const match = DATE_TIME.exec(input);
  if (!match) return null;
  const date = parseDate(match[1] ?? '');
  const time = parseTime(match[2] ?? '');
  if (!date || !time) return null;
  const zone = match[3];
  if (!zone) return `${date} ${time}`;
  const instant = new Date(
    `${date}T${time}${zone === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')}`,
  );
  return Number.isNaN(instant.getTime()) ? null : dateTimeText(instant);
};
