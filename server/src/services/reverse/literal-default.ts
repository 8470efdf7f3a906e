import { sqlDialect } from '../../dialects/sql/sql-dialects';
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
  const { literals } = sqlDialect(dialect);
  if (literals.cast) text = text.replace(literals.cast, '').trim();
  while (/^\(.*\)$/s.test(text)) text = text.slice(1, -1).trim();
  if (/^null$/i.test(text)) return null;
  const quoted = literals.quoted.exec(text);
  if (quoted) return literals.unquote(quoted[1] ?? '');
  if (/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return text;
  if (/^(true|false)$/i.test(text)) return text.toLowerCase();
  return undefined;
};
