import { normalizeCaptions, type Captions } from '../../../contract/captions';
import { normalizeChoiceOptions, type ChoiceOption } from '../../../contract/choice';
/** BOOLEAN columns come back as true/false (pg) or 1/0 (sqlite, mysql). */
export const toBool = (value: unknown): boolean => value === true || value === 1 || value === '1';

/** Integer columns come back as numbers, or as strings from some drivers for BIGINT. */
export const toNumber = (value: unknown): number => (typeof value === 'number' ? value : Number(value));

export const toNumberOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : toNumber(value);

export const toStringOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** Stored per-language captions (JSON text), or null when none or not readable. */
export const toCaptions = (value: unknown): Captions | null => {
  if (typeof value !== 'string' || value === '') return null;
  try {
    return normalizeCaptions(JSON.parse(value));
  } catch {
    return null;
  }
};

/** Per-language captions as stored: JSON text, or null for none. */
export const captionsText = (captions: Captions | null | undefined): string | null => {
  const normalized = normalizeCaptions(captions);
  return normalized ? JSON.stringify(normalized) : null;
};

/** A choice column's stored options (JSON text), or null when none or not readable. */
export const toChoiceOptions = (value: unknown): ChoiceOption[] | null => {
  if (typeof value !== 'string' || value === '') return null;
  try {
    return normalizeChoiceOptions(JSON.parse(value));
  } catch {
    return null;
  }
};

/** A choice column's options as stored: JSON text, or null for none. */
export const choiceOptionsText = (options: readonly ChoiceOption[] | null | undefined): string | null => {
  const normalized = normalizeChoiceOptions(options);
  return normalized ? JSON.stringify(normalized) : null;
};
