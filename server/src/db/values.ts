/** BOOLEAN columns come back as true/false (pg) or 1/0 (sqlite, mysql). */
export const toBool = (value: unknown): boolean => value === true || value === 1 || value === '1';

/** Integer columns come back as numbers, or as strings from some drivers for BIGINT. */
export const toNumber = (value: unknown): number => (typeof value === 'number' ? value : Number(value));

export const toNumberOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : toNumber(value);

export const toStringOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);
