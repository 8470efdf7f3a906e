import type { CrudFilter, LogicalFilter } from '@refinedev/core';
import { OPERATORS } from '../../common/lib/query-params';

const SYMBOLS: Record<string, LogicalFilter['operator']> = { '>=': 'gte', '<=': 'lte', '>': 'gt', '<': 'lt' };
/** The server's operator words and the Refine operator asking the same (the inverse of OPERATORS). */
const WORDS: Partial<Record<string, LogicalFilter['operator']>> = Object.fromEntries(
  Object.entries(OPERATORS).map(([refine, word]) => [word, refine as LogicalFilter['operator']]),
);
const SYMBOL_FORM = /^(>=|<=|>|<)\s*([\s\S]*)$/;
const WORD_FORM = new RegExp(
  `^(${Object.keys(WORDS)
    .filter((word) => word !== 'ISNULL' && word !== 'ISNOTNULL')
    .join('|')}) ([\\s\\S]*)$`,
);

const items = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/**
 * A typed column filter text (`v`, `a,b`, `LIKE x`, `STARTSWITH x`, `>= 5`, `BETWEEN a,b`,
 * `NOTBETWEEN a,b`, `NOTIN a,b`, `ISNULL`, ...; see docs/list-queries.md) as the Refine filter that asks the same question. The data
 * provider turns it back into the `col=value` query parameter, so what reaches the server is what
 * the user typed.
 */
export const fromColumnFilter = (field: string, text: string): CrudFilter => {
  if (text === 'ISNULL') return { field, operator: 'null', value: true };
  if (text === 'ISNOTNULL') return { field, operator: 'nnull', value: true };
  const symbol = SYMBOL_FORM.exec(text);
  const word = symbol ? null : WORD_FORM.exec(text);
  if (!symbol && !word) {
    return text.includes(',')
      ? { field, operator: 'in', value: items(text) }
      : { field, operator: 'eq', value: text };
  }
  const operator = symbol ? SYMBOLS[symbol[1] ?? ''] : WORDS[word?.[1] ?? ''];
  const rest = ((symbol ?? word)?.[2] ?? '').trim();
  if (!operator) return { field, operator: 'eq', value: text };
  if (operator === 'in' || operator === 'nin') return { field, operator, value: items(rest) };
  if (operator === 'between' || operator === 'nbetween') {
    const parts = rest.split(',').map((part) => part.trim());
    // Not two bounds: sent as typed (an EQ of the whole text), so the server answers for it.
    return parts.length === 2 ? { field, operator, value: parts } : { field, operator: 'eq', value: text };
  }
  return { field, operator, value: rest };
};

/** Every column filter of a list (`{ col: text }`) as Refine filters, in the same order. */
export const fromColumnFilters = (filters: Record<string, string>): CrudFilter[] =>
  Object.entries(filters).map(([field, text]) => fromColumnFilter(field, text));
