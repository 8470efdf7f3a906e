import { itemsMessage } from '../i18n/items-messages';
import { invalidParam } from './query-error';
import type { QueryTable } from './query-types';
import { findRelation } from './resolve-column';
import { splitList } from './split-list';

/** `expand`: a comma list of the table's relation names, as metadata spells them. */
export const parseExpand = (text: string, table: QueryTable, param = 'expand'): string[] => {
  const names: string[] = [];
  for (const item of splitList(text)) {
    const relation = findRelation(table, item);
    if (!relation) throw invalidParam(param, itemsMessage('unknownRelation', { name: item.slice(0, 64) }));
    if (!names.includes(relation)) names.push(relation);
  }
  return names;
};
