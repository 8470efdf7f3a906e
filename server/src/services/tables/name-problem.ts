import { NAME_PATTERN, RESERVED_WORDS } from '../../../../contract/reserved-words';
import { MAX_IDENTIFIER_LENGTH } from '../../dialects/derived-name';
import type { Localized } from '../../i18n/messages';
import { metadataMessage } from '../../i18n/metadata-messages';

export interface NameRules {
  /** The name becomes a database identifier: at most 63 characters. */
  physical?: boolean;
  /** Physical table names may not start with `cb_`, which crudboard keeps for its own tables. */
  table?: boolean;
}

/**
 * What is wrong with a table, column or index name (API.md §2.1), or undefined when it is fine:
 * it must match NAME_PATTERN and be no reserved word of SQLite, PostgreSQL or MySQL in any case.
 * Runs before any SQL, so quotes, backticks, semicolons, `--`, non-ASCII and long names never
 * reach the database.
 */
export const nameProblem = (name: unknown, rules: NameRules = {}): Localized | undefined => {
  if (typeof name !== 'string' || name === '') return metadataMessage('required');
  if (!NAME_PATTERN.test(name)) return metadataMessage('namePattern');
  if (RESERVED_WORDS.has(name.toUpperCase())) return metadataMessage('nameReserved', { name });
  if (rules.physical && name.length > MAX_IDENTIFIER_LENGTH) {
    return metadataMessage('nameTooLong', { max: MAX_IDENTIFIER_LENGTH });
  }
  if (rules.table && name.toLowerCase().startsWith('cb_')) return metadataMessage('nameReservedPrefix');
  return undefined;
};

/** Whether a name is safe to hand to the schema builder or a `??` binding. */
export const isSafeIdentifier = (name: string): boolean =>
  NAME_PATTERN.test(name) && name.length <= MAX_IDENTIFIER_LENGTH;
