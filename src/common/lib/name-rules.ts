import { NAME_PATTERN, RESERVED_WORDS } from '../../../contract/reserved-words';

/** A problem found by the rules below; the UI shows `validation.<key>`. */
export interface Issue {
  key: string;
  params?: Record<string, string | number>;
}

/** Problems by field path: `name`, `columns[3].name`, `indexs[0].indexLines`. */
export type Issues = Record<string, Issue>;

export const issue = (key: string, params?: Record<string, string | number>): Issue =>
  params ? { key, params } : { key };

const isBlank = (value: string | null | undefined): boolean =>
  value === undefined || value === null || value.trim() === '';

/**
 * docs/api.md §2.1 name rules for tables, columns and indexes: required, `^[A-Za-z_][A-Za-z0-9_]{0,63}$`,
 * and not a reserved word of any supported database (in any case).
 */
export const nameIssue = (name: string | null | undefined, { required = true } = {}): Issue | null => {
  if (isBlank(name)) return required ? issue('required') : null;
  const text = name as string;
  if (!NAME_PATTERN.test(text)) return issue('namePattern');
  if (RESERVED_WORDS.has(text.toUpperCase())) return issue('reservedWord', { name: text });
  return null;
};

/**
 * Positions of names that repeat an earlier one, compared case-insensitively; blanks never count.
 * The first occurrence is not reported, every later one is.
 */
export const duplicatePositions = (names: readonly (string | null | undefined)[]): number[] => {
  const seen = new Set<string>();
  const out: number[] = [];
  names.forEach((name, position) => {
    if (isBlank(name)) return;
    const folded = (name as string).trim().toLowerCase();
    if (seen.has(folded)) out.push(position);
    else seen.add(folded);
  });
  return out;
};

/** Whether a text is a whole number that JavaScript holds exactly. */
export const isSafeInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value);
