/** A value as a table cell shows it: nothing for null, JSON for objects, else its text. */
export const cellText = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
