import type { SqlDialect } from './sql/sql-dialect';

/**
 * Whether no character of `text` has case: Chinese, Japanese and Korean script, digits,
 * punctuation and other symbols without a lower or upper form. Such a text matches the same rows
 * whether case is ignored or not, so a case-insensitive contains of it may be asked as a plain one
 * (on PostgreSQL `LIKE` instead of `ILIKE`, which lowers every row's text first: a third of the
 * cost per row on Chinese text). Combining marks never count as caseless, since lowering some
 * letters yields them (`İ` lowers to `i` and a combining dot).
 */
export const isCaseless = (text: string): boolean => {
  for (const char of text) {
    if (char.toLowerCase() !== char || char.toUpperCase() !== char || /\p{M}/u.test(char)) return false;
  }
  return true;
};

/**
 * `target` matching a `?` LIKE pattern made of `text` (with a `?` escape), ignoring case, in the
 * form that costs least: a plain LIKE for a caseless text, else the dialect's case-insensitive
 * match (`scan`: the form for a scan that no index serves).
 */
export const likeIgnoringCase = (sql: SqlDialect, target: string, text: string, scan = false): string =>
  isCaseless(text)
    ? sql.caselessLike(target)
    : scan
      ? sql.caseInsensitiveScan(target)
      : sql.caseInsensitiveLike(target);
