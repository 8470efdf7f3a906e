import type { Client } from '../../config';

/**
 * The literal a physical default stands for, or undefined when it is an expression (a function
 * call, a sequence, CURRENT_TIMESTAMP...): `'abc'::character varying` → `abc`, `(0)` → `0`,
 * `'it''s'` → `it's`, `NULL` → null.
 */
export const literalDefault = (raw: string | null, dialect: Client): string | null | undefined => {
  if (raw === null) return null;
  let text = raw.trim();
  while (/^\(.*\)$/s.test(text)) text = text.slice(1, -1).trim();
  if (dialect === 'pg') text = text.replace(/::[a-z_ ]+(\([\d, ]*\))?(\[\])?$/i, '').trim();
  while (/^\(.*\)$/s.test(text)) text = text.slice(1, -1).trim();
  if (/^null$/i.test(text)) return null;
  // MySQL escapes with backslashes too; SQLite and PostgreSQL (standard strings) only double quotes.
  const quoted = (dialect === 'mysql' ? /^'((?:[^'\\]|''|\\.)*)'$/s : /^'((?:[^']|'')*)'$/s).exec(text);
  if (quoted) {
    const inner = quoted[1] ?? '';
    return dialect === 'mysql'
      ? inner.replace(/''/g, "'").replace(/\\(.)/g, '$1')
      : inner.replace(/''/g, "'");
  }
  if (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return text;
  if (/^(true|false)$/i.test(text)) return text.toLowerCase();
  return undefined;
};
