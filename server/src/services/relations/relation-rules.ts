import { NAME_PATTERN } from '../../../../contract/reserved-words';
import type { DataType, RelationType } from '../../../../contract/index';
import { isIntegerType } from '../../dialects/integer-range';
import { relationMessage } from '../../i18n/relation-messages';
import type { ErrorBag } from '../tables/error-bag';

/** One end of a relation once its table and column are known. */
export interface RelationEnd {
  table: { name: string; columnNames: readonly string[] };
  column: { id?: number; name: string; dataType: DataType };
}

/** A relation whose references have been resolved (ends absent when they could not be). */
export interface RelationCandidate {
  name: string;
  relationType: RelationType | null;
  from?: RelationEnd;
  to?: RelationEnd;
}

/** `integer` or `text`: both ends of a relation must be of the same family. */
export const keyFamily = (dataType: DataType): 'integer' | 'text' | null => {
  if (isIntegerType(dataType)) return 'integer';
  if (dataType === 'CHAR' || dataType === 'VARCHAR') return 'text';
  return null;
};

/**
 * The rules of a relation that need no query (docs/api.md §2.3), as field errors under `prefix`: a
 * name of letters, digits and underscores that is no column of the from-table, a type, and two
 * distinct integer or CHAR / VARCHAR columns of the same family. Relation names are never SQL
 * identifiers, so reserved words are allowed (`order`, `user`).
 */
export const checkRelation = (relation: RelationCandidate, errors: ErrorBag, prefix = ''): void => {
  const { name, from, to } = relation;
  if (name === '') errors.add(`${prefix}name`, relationMessage('required'));
  else if (!NAME_PATTERN.test(name)) errors.add(`${prefix}name`, relationMessage('namePattern'));
  else if (from?.table.columnNames.some((column) => column.toLowerCase() === name.toLowerCase()))
    errors.add(`${prefix}name`, relationMessage('nameIsColumn', { table: from.table.name }));
  if (relation.relationType === null) errors.add(`${prefix}relationType`, relationMessage('required'));

  const ends = [
    ['fromColumn', from],
    ['toColumn', to],
  ] as const;
  for (const [field, end] of ends) {
    if (end && keyFamily(end.column.dataType) === null) {
      errors.add(
        `${prefix}${field}`,
        relationMessage('columnNotKeyLike', { column: end.column.name, type: end.column.dataType }),
      );
    }
  }
  if (!from || !to) return;
  const fromFamily = keyFamily(from.column.dataType);
  const toFamily = keyFamily(to.column.dataType);
  if (fromFamily === null || toFamily === null) return;
  if (fromFamily !== toFamily) {
    errors.add(
      `${prefix}toColumn`,
      relationMessage('keyTypes', { from: from.column.dataType, to: to.column.dataType }),
    );
  } else if (
    from.table.name === to.table.name &&
    from.column.name.toLowerCase() === to.column.name.toLowerCase()
  ) {
    errors.add(`${prefix}toColumn`, relationMessage('sameColumn'));
  }
};
