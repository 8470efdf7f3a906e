import dayjs from 'dayjs';

/** docs/product.md §9 date-time format. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * A metadata timestamp (epoch milliseconds, or a date-time text, docs/api.md §0) as
 * `YYYY-MM-DD HH:mm:ss`; empty for nothing or an unreadable value.
 */
export const formatDateTime = (value: number | string | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '';
  const parsed = typeof value === 'number' || /^\d+$/.test(value) ? dayjs(Number(value)) : dayjs(value);
  return parsed.isValid() ? parsed.format(DATE_TIME_FORMAT) : '';
};
