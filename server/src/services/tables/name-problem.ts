import { NAME_PATTERN, RESERVED_WORDS } from '../../../../contract/reserved-words';
import { MAX_IDENTIFIER_LENGTH } from '../../dialects/derived-name';
import type { Localized } from '../../i18n/messages';
import { metadataMessage } from '../../i18n/metadata-messages';

export interface NameRules {
  /** The name becomes a database identifier: at most 63 characters. */
  physical?: boolean;
  /**
   * Physical table names may not start with `cb_`, which crudboard keeps for its own tables, nor
   * shadow a database's catalog (`pg_…`, `sqlite_…`, MySQL's system schemas).
   */
  table?: boolean;
  /** API names of tables may not be a word of the API's own paths (`/api/business/import` …). */
  route?: boolean;
}

/** Prefixes of the databases' own catalog tables. */
const CATALOG_PREFIXES = ['pg_', 'sqlite_'];
/** MySQL's (and PostgreSQL's) system schema names. */
const CATALOG_NAMES = new Set(['information_schema', 'performance_schema', 'mysql', 'sys']);
/** Path words of the business API that a table's name or plural name would be shadowed by. */
export const ROUTE_WORDS: ReadonlySet<string> = new Set(['import', 'export', 'sequence', 'config', 'me']);

/**
 * What is wrong with a table, column or index name (docs/api.md §2.1), or undefined when it is fine:
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
  const lower = name.toLowerCase();
  if (rules.table && lower.startsWith('cb_')) return metadataMessage('nameReservedPrefix');
  if (
    rules.table &&
    (CATALOG_PREFIXES.some((prefix) => lower.startsWith(prefix)) || CATALOG_NAMES.has(lower))
  ) {
    return metadataMessage('nameCatalog', { name });
  }
  if (rules.route && ROUTE_WORDS.has(lower)) return metadataMessage('nameRoute', { name });
  return undefined;
};

/** Whether a name is safe to hand to the schema builder or a `??` binding. */
export const isSafeIdentifier = (name: string): boolean =>
  NAME_PATTERN.test(name) && name.length <= MAX_IDENTIFIER_LENGTH;

/**
 * Whether a name an existing database gave a table can be used as it is: the schema builder and
 * `??` bindings quote it (doubling any quote inside), so spaces, CJK, hyphens, mixed case and
 * reserved words are fine. What is refused is what a quoted name could still be misread by: a dot
 * (schema separator), ` as ` (an alias), control characters, blank names, and names longer than
 * the databases keep.
 */
export const isQuotableIdentifier = (name: string): boolean =>
  name.trim() !== '' &&
  name.length <= MAX_IDENTIFIER_LENGTH &&
  // eslint-disable-next-line no-control-regex
  !/[.\u0000-\u001f\u007f]/.test(name) &&
  !/\sas\s/i.test(name);

/** Letters (any script), digits, `_` and `$`, with inner spaces and hyphens. */
const API_COLUMN_NAME = /^[\p{L}\p{N}_$](?:[\p{L}\p{M}\p{N}_$ -]*[\p{L}\p{M}\p{N}_$])?$/u;

/**
 * Whether a column an existing database has can be named by the API as it is (a reversed column's
 * API name is its physical name): letters of any script (`名称`), digits, `_`, `$`, and spaces or
 * hyphens inside (`first name`, `sales-region`), at most 63 characters, not ending in ` ASC` or
 * ` DESC` (`orderby` would misread it). Refused: commas and `=` (lists and record keys), quotes,
 * brackets, dots and the other punctuation that query strings and forms would misread.
 */
export const isApiColumnName = (name: string): boolean =>
  API_COLUMN_NAME.test(name) && name.length <= MAX_IDENTIFIER_LENGTH && !/\s(asc|desc)$/i.test(name);
