import type { QueryTable } from './query-types';
import { parseExpand } from './parse-expand';
import { parseSelect } from './parse-select';

/** The `select` and `expand` of a record read (get one, get by keys), checked against the table. */
export const readOptions = (table: QueryTable, query: { select?: string; expand?: string }) => ({
  select: parseSelect(query.select ?? '', table),
  expand: parseExpand(query.expand ?? '', table),
});
