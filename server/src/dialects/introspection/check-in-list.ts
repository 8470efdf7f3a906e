/**
 * Reading `CHECK (col IN ('a', 'b'))` constraints as a column's list of allowed values, in the
 * forms each database prints them:
 * - PostgreSQL (`pg_get_constraintdef`): `CHECK ((status = ANY (ARRAY['a'::text, 'b'::text])))`,
 *   `CHECK (((status)::text = ANY ((ARRAY['a'::character varying, ...])::text[])))`;
 * - MySQL 8 (`CHECK_CLAUSE`): ``(`status` in (_utf8mb4'a',_utf8mb4'b'))``; MariaDB:
 *   `` `status` in ('a','b') ``;
 * - SQLite (the CREATE TABLE text): `CHECK (status IN ('a', 'b'))`, `CHECK ("status" in ('a'))`.
 * Anything else (NOT IN, OR, functions, numbers, one value compared with `=`) is no list: null.
 */

type Token =
  | { kind: 'ident'; text: string; quoted: boolean }
  | { kind: 'string'; text: string }
  | { kind: 'punct'; text: string };

const CAST =
  /^::\s*(?:character varying|double precision|"(?:[^"]|"")+"|[A-Za-z_][\w$]*(?:\.[A-Za-z_][\w$]*)?)(?:\s*\(\s*\d+(?:\s*,\s*\d+)?\s*\))?(?:\s*\[\])*/i;
const BARE = /^[\p{L}_][\p{L}\p{N}_$]*/u;
/** A character-set introducer (MySQL `_utf8mb4'a'`) or a national / escape prefix before a literal. */
const PREFIX = /^(?:_[A-Za-z0-9]+|[NnEe])(?=')/;

/** The text of a quoted token starting at `start` (its quote doubled inside), and where it ends. */
const quotedAt = (
  text: string,
  start: number,
  quote: string,
  backslashEscapes: boolean,
): { value: string; end: number } | null => {
  let value = '';
  for (let i = start + 1; i < text.length; i++) {
    const char = text.charAt(i);
    if (backslashEscapes && quote === "'" && char === '\\' && i + 1 < text.length) {
      value += text.charAt(i + 1);
      i++;
    } else if (char === quote) {
      if (text.charAt(i + 1) === quote) {
        value += quote;
        i++;
      } else return { value, end: i + 1 };
    } else value += char;
  }
  return null;
};

/** The tokens of an expression, casts left out; null at anything this reader does not know. */
const tokensOf = (text: string, backslashEscapes: boolean): Token[] | null => {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const char = text.charAt(i);
    if (/\s/.test(char)) {
      i++;
      continue;
    }
    const cast = CAST.exec(rest);
    if (cast) {
      i += cast[0].length;
      continue;
    }
    const prefix = PREFIX.exec(rest);
    if (prefix) i += prefix[0].length;
    const quote = text.charAt(i);
    if (quote === "'" || quote === '"' || quote === '`') {
      const read = quotedAt(text, i, quote, backslashEscapes && quote === "'");
      if (!read) return null;
      tokens.push(
        quote === "'"
          ? { kind: 'string', text: read.value }
          : { kind: 'ident', text: read.value, quoted: true },
      );
      i = read.end;
      continue;
    }
    if (prefix) return null;
    if ('()[],='.includes(char)) {
      tokens.push({ kind: 'punct', text: char });
      i++;
      continue;
    }
    const bare = BARE.exec(rest);
    if (!bare) return null;
    tokens.push({ kind: 'ident', text: bare[0], quoted: false });
    i += bare[0].length;
  }
  return tokens;
};

const isKeyword = (token: Token | undefined, word: string): boolean =>
  token?.kind === 'ident' && !token.quoted && token.text.toUpperCase() === word;

const isPunct = (token: Token | undefined, text: string): boolean =>
  token?.kind === 'punct' && token.text === text;

/** `'a' , 'b' , ...` from `start` to `end` (exclusive); null unless exactly that. */
const stringList = (tokens: Token[], start: number, end: number): string[] | null => {
  const values: string[] = [];
  for (let i = start; i < end; i += 2) {
    const token = tokens[i];
    if (token?.kind !== 'string') return null;
    values.push(token.text);
    if (i + 1 < end && !isPunct(tokens[i + 1], ',')) return null;
  }
  return values.length > 0 ? values : null;
};

/** Whether every parenthesis the tokens open is closed, in order. */
const balanced = (tokens: Token[]): boolean => {
  let depth = 0;
  for (const token of tokens) {
    if (isPunct(token, '(')) depth++;
    else if (isPunct(token, ')') && --depth < 0) return false;
  }
  return depth === 0;
};

export interface CheckInList {
  column: string;
  values: string[];
}

/**
 * The column and values of one check's expression (with or without its `CHECK` keyword) when it is
 * exactly `col IN ('a', ...)` or PostgreSQL's `col = ANY (ARRAY['a', ...])`, else null.
 * `backslashEscapes`: MySQL / MariaDB print `\'` inside a literal.
 */
export const checkInListOf = (expression: string, backslashEscapes = false): CheckInList | null => {
  const all = tokensOf(expression.trim().replace(/^check\b/i, ''), backslashEscapes);
  if (!all || !balanced(all)) return null;
  // Parentheses and casts only group here: what is left must be one of the two forms.
  const tokens = all.filter((token) => !isPunct(token, '(') && !isPunct(token, ')'));
  const [first, second] = tokens;
  if (first?.kind !== 'ident' || isKeyword(first, 'NOT')) return null;
  if (isKeyword(second, 'IN')) {
    const values = stringList(tokens, 2, tokens.length);
    return values ? { column: first.text, values } : null;
  }
  if (
    isPunct(second, '=') &&
    isKeyword(tokens[2], 'ANY') &&
    isKeyword(tokens[3], 'ARRAY') &&
    isPunct(tokens[4], '[') &&
    isPunct(tokens[tokens.length - 1], ']')
  ) {
    const values = stringList(tokens, 5, tokens.length - 1);
    return values ? { column: first.text, values } : null;
  }
  return null;
};

/** The index past the parenthesised group opening at `open`, skipping quoted text; -1 if unclosed. */
const groupEnd = (sql: string, open: number): number => {
  let depth = 0;
  for (let i = open; i < sql.length; i++) {
    const char = sql.charAt(i);
    if (char === "'" || char === '"' || char === '`') {
      const read = quotedAt(sql, i, char, false);
      if (!read) return -1;
      i = read.end - 1;
    } else if (char === '(') depth++;
    else if (char === ')') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
};

/** The `CHECK (...)` clauses of a SQLite CREATE TABLE statement (column and table constraints). */
export const sqliteCheckClauses = (createSql: string): string[] => {
  const clauses: string[] = [];
  let i = 0;
  while (i < createSql.length) {
    const char = createSql.charAt(i);
    if (char === "'" || char === '"' || char === '`') {
      const read = quotedAt(createSql, i, char, false);
      if (!read) return clauses;
      i = read.end;
      continue;
    }
    const match = /^check\s*\(/i.exec(createSql.slice(i));
    if (match && !/[\w$]/.test(createSql.charAt(i - 1))) {
      const open = i + match[0].length - 1;
      const end = groupEnd(createSql, open);
      if (end < 0) return clauses;
      clauses.push(createSql.slice(open, end));
      i = end;
      continue;
    }
    i++;
  }
  return clauses;
};

/**
 * Each column's allowed values from a table's check expressions (name in any case → values in the
 * check's order). A column with two such checks is left alone (which one holds is not clear).
 */
export const checkChoicesOf = (
  expressions: readonly string[],
  backslashEscapes = false,
): Map<string, string[]> => {
  const found = new Map<string, string[] | null>();
  for (const expression of expressions) {
    const list = checkInListOf(expression, backslashEscapes);
    if (!list) continue;
    const key = list.column.toLowerCase();
    found.set(key, found.has(key) ? null : list.values);
  }
  return new Map([...found].filter((entry): entry is [string, string[]] => entry[1] !== null));
};
