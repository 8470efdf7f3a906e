import type { Localized } from '../../i18n/messages';
import { systemTableMessage } from '../../i18n/system-table-messages';
import { invalidFields } from './rule-errors';

type Values = Record<string, unknown>;

/** The checks a table's field rules may ask for; each failing field is collected. */
export interface FieldCheck {
  /** The value, when given, is one of `allowed`. */
  oneOf(field: string, allowed: readonly string[]): void;
  /** The value, when given, is null or JSON text. */
  json(field: string): void;
  /** The value, when given, matches `pattern`; else `message`. */
  matches(field: string, pattern: RegExp, message: Localized): void;
}

const isJsonText = (value: unknown): boolean => {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'string') return false;
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
};

/**
 * Runs `rules` over the values a create or update sets, and answers one 400 naming every field
 * that fails (before anything is written).
 */
export const checkFields = (values: Values, path: string, rules: (check: FieldCheck) => void): void => {
  const errors: Record<string, Localized> = {};
  rules({
    oneOf: (field, allowed) => {
      const value = values[field];
      if (value !== undefined && !allowed.includes(String(value)))
        errors[field] = systemTableMessage('oneOf', { values: allowed.join(', ') });
    },
    json: (field) => {
      if (Object.hasOwn(values, field) && !isJsonText(values[field]))
        errors[field] = systemTableMessage('jsonText');
    },
    matches: (field, pattern, message) => {
      const value = values[field];
      if (value !== undefined && !pattern.test(String(value))) errors[field] = message;
    },
  });
  if (Object.keys(errors).length > 0) throw invalidFields(path, errors);
};

/** Whether an update sets `field` to something other than the stored value. */
export const changes = (current: Values, values: Values, field: string): boolean =>
  Object.hasOwn(values, field) && String(values[field] ?? '') !== String(current[field] ?? '');
