import type { CrudFilter, LogicalFilter } from '@refinedev/core';

const SYMBOLS: Record<string, LogicalFilter['operator']> = { '>=': 'gte', '<=': 'lte', '>': 'gt', '<': 'lt' };
const WORDS: Record<string, LogicalFilter['operator']> = {
  EQ: 'eq',
  NE: 'ne',
  LIKE: 'contains',
  IN: 'in',
  NOTIN: 'nin',
  GE: 'gte',
  GT: 'gt',
  LE: 'lte',
  LT: 'lt',
  BETWEEN: 'between',
};
const SYMBOL_FORM = /^(>=|<=|>|<)\s*([\s\S]*)$/;
const WORD_FORM = /^(EQ|NE|LIKE|IN|NOTIN|GE|GT|LE|LT|BETWEEN) ([\s\S]*)$/;

const items = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/**
 * A typed column filter text (`v`, `a,b`, `LIKE x`, `>= 5`, `BETWEEN a,b`, `NOTIN a,b`, `ISNULL`,
 * ...; see docs/list-queries.md) as the Refine filter that asks the same question. The data
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
  if (operator === 'between') {
    const parts = rest.split(',').map((part) => part.trim());
    // Not two bounds: sent as typed (an EQ of the whole text), so the server answers for it.
    return parts.length === 2 ? { field, operator, value: parts } : { field, operator: 'eq', value: text };
  }
  return { field, operator, value: rest };
};

/** Every column filter of a list (`{ col: text }`) as Refine filters, in the same order. */
export const fromColumnFilters = (filters: Record<string, string>): CrudFilter[] =>
  Object.entries(filters).map(([field, text]) => fromColumnFilter(field, text));
