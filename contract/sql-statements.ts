/** The SQL dialects crudboard runs on (a data source's `client`). */
export type SqlDialect = 'sqlite' | 'pg' | 'mysql';

/** One statement of a SQL text: its source (trimmed, without the `;`) and its words outside literals. */
export interface SqlStatement {
  text: string;
  /** Bare words outside strings, quoted identifiers and comments, upper-cased, in order. */
  words: string[];
}

const WORD_START = /[A-Za-z_]/;
const WORD_PART = /[A-Za-z0-9_$]/;
const DOLLAR_TAG = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;
/** MySQL / MariaDB executable comments: `/*! … *\/`, `/*!50100 … *\/`, `/*M!100100 … *\/`. */
const EXECUTABLE_COMMENT = /^\/\*M?!\d*/;
/** Words that open a compound body (`END` closes it). */
const BODY_OPENERS = new Set(['BEGIN', 'CASE']);
/** `END IF`, `END LOOP`, …: closers of MySQL blocks that are not counted as openers. */
const UNCOUNTED_BLOCKS = new Set(['IF', 'LOOP', 'WHILE', 'REPEAT']);
const ROUTINES = new Set(['TRIGGER', 'PROCEDURE', 'FUNCTION', 'EVENT']);

/** Index just past a quoted run opened at `start` by `quote`; a doubled quote stays inside. */
const skipQuoted = (sql: string, start: number, quote: string, backslash: boolean): number => {
  let i = start + 1;
  while (i < sql.length) {
    const ch = sql[i];
    if (backslash && ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === quote) {
      if (sql[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i += 1;
  }
  return sql.length;
};

/** Index just past a block comment opened at `start`; PostgreSQL nests them. */
const skipBlockComment = (sql: string, start: number, nested: boolean): number => {
  let depth = 1;
  let i = start + 2;
  while (i < sql.length) {
    if (nested && sql.startsWith('/*', i)) {
      depth += 1;
      i += 2;
    } else if (sql.startsWith('*/', i)) {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else {
      i += 1;
    }
  }
  return sql.length;
};

const lineEnd = (sql: string, start: number): number => {
  const end = sql.indexOf('\n', start);
  return end === -1 ? sql.length : end + 1;
};

/** MySQL needs a blank or control character after `--` for it to start a comment. */
const isLineComment = (sql: string, i: number, dialect: SqlDialect): boolean => {
  if (sql[i] !== '-' || sql[i + 1] !== '-') return false;
  if (dialect !== 'mysql') return true;
  const after = sql[i + 2];
  return after === undefined || after <= ' ';
};

/**
 * Whether the statement so far defines a routine whose body holds `;`: a trigger (every dialect),
 * a MySQL procedure / function / event, or a PostgreSQL `BEGIN ATOMIC` function body.
 */
const hasCompoundBody = (words: readonly string[], dialect: SqlDialect): boolean => {
  if (words[0] !== 'CREATE') return false;
  const head = words.slice(1, 6);
  if (dialect === 'pg') return head.includes('FUNCTION') || head.includes('PROCEDURE');
  if (dialect === 'sqlite') return head.includes('TRIGGER');
  return head.some((word) => ROUTINES.has(word));
};

/**
 * Splits SQL text into statements at semicolons that are outside string literals, quoted
 * identifiers, comments, parentheses, PostgreSQL dollar-quoted bodies and the BEGIN … END body of
 * a trigger or routine. Statements holding nothing but comments and whitespace are dropped.
 * MySQL executable comments (`/*! … *\/`) count as code, since the server runs them.
 *
 * The web console splits a script with it and runs the statements one at a time; the server
 * uses it to refuse a text holding several. It is not a parser: each database refuses a second
 * statement on its own as well (the server makes single-statement calls).
 */
export const splitStatements = (sql: string, dialect: SqlDialect): SqlStatement[] => {
  const statements: SqlStatement[] = [];
  const backslashEscapes = dialect === 'mysql';
  let start = 0;
  let words: string[] = [];
  let meaningful = false;
  let blockDepth = 0;
  let parenDepth = 0;
  let pendingEnd = false;
  let inExecutableComment = false;

  const closePendingEnd = () => {
    if (pendingEnd && blockDepth > 0) blockDepth -= 1;
    pendingEnd = false;
  };

  const finish = (end: number) => {
    const text = sql.slice(start, end).trim();
    if (meaningful && text !== '') statements.push({ text, words });
    words = [];
    meaningful = false;
    blockDepth = 0;
    parenDepth = 0;
    pendingEnd = false;
  };

  let i = 0;
  while (i < sql.length) {
    const ch = sql[i] as string;
    const next = sql[i + 1];
    if (isLineComment(sql, i, dialect) || (ch === '#' && dialect === 'mysql')) {
      i = lineEnd(sql, i);
    } else if (ch === '/' && next === '*') {
      const executable = dialect === 'mysql' ? EXECUTABLE_COMMENT.exec(sql.slice(i, i + 12)) : null;
      if (executable && !inExecutableComment) {
        inExecutableComment = true;
        i += executable[0].length;
      } else {
        i = skipBlockComment(sql, i, dialect === 'pg');
      }
    } else if (ch === '*' && next === '/' && inExecutableComment) {
      inExecutableComment = false;
      i += 2;
    } else if (ch === "'") {
      const escaped =
        backslashEscapes ||
        (dialect === 'pg' && /[Ee]/.test(sql[i - 1] ?? '') && !WORD_PART.test(sql[i - 2] ?? ''));
      i = skipQuoted(sql, i, "'", escaped);
      meaningful = true;
    } else if (ch === '"') {
      i = skipQuoted(sql, i, '"', backslashEscapes);
      meaningful = true;
    } else if (ch === '`' && dialect !== 'pg') {
      i = skipQuoted(sql, i, '`', false);
      meaningful = true;
    } else if (ch === '[' && dialect === 'sqlite') {
      const end = sql.indexOf(']', i + 1);
      i = end === -1 ? sql.length : end + 1;
      meaningful = true;
    } else if (ch === '$' && dialect === 'pg' && !WORD_PART.test(sql[i - 1] ?? '')) {
      const tag = DOLLAR_TAG.exec(sql.slice(i))?.[0];
      if (tag) {
        const end = sql.indexOf(tag, i + tag.length);
        i = end === -1 ? sql.length : end + tag.length;
      } else {
        i += 1;
      }
      meaningful = true;
    } else if (ch === ';') {
      closePendingEnd();
      if (blockDepth > 0 || parenDepth > 0) {
        i += 1;
        continue;
      }
      finish(i);
      i += 1;
      start = i;
    } else if (WORD_START.test(ch) && !WORD_PART.test(sql[i - 1] ?? '')) {
      let end = i + 1;
      while (end < sql.length && WORD_PART.test(sql[end] as string)) end += 1;
      const word = sql.slice(i, end).toUpperCase();
      if (pendingEnd) {
        pendingEnd = false;
        if (!UNCOUNTED_BLOCKS.has(word) && blockDepth > 0) blockDepth -= 1;
      }
      words.push(word);
      if (hasCompoundBody(words, dialect)) {
        const previous = words[words.length - 2];
        if (dialect === 'pg') {
          if (word === 'ATOMIC' && previous === 'BEGIN') blockDepth += 1;
          else if (word === 'CASE' && blockDepth > 0) blockDepth += 1;
        } else if (BODY_OPENERS.has(word) && !(word === 'CASE' && previous === 'END')) {
          blockDepth += 1;
        }
        if (word === 'END' && blockDepth > 0) pendingEnd = true;
      }
      meaningful = true;
      i = end;
    } else {
      if (ch === '(') parenDepth += 1;
      else if (ch === ')' && parenDepth > 0) parenDepth -= 1;
      if (!/\s/.test(ch)) meaningful = true;
      i += 1;
    }
  }
  finish(sql.length);
  return statements;
};
