import type { Relation, Table } from '../../../contract';

/** A sub-table of a record form (docs/product.md §2): a one-to-one section or a one-to-many inline list. */
export interface SubSection {
  relation: Relation;
  /** Name of the relation: the record's key holding the child object / rows. */
  name: string;
  table: Table;
  kind: 'one' | 'many';
  /** The child's foreign-key column, hidden in the sub-form (docs/product.md §5). */
  foreignKey: string;
}

/**
 * The sub-tables of a record form: one section per OneToOneMainToSub relation and one inline list
 * per OneToMany relation whose child table is known, in relation order.
 */
export const subSections = (
  relations: readonly Relation[],
  relatedTables: Readonly<Record<string, Table>>,
): SubSection[] =>
  relations.flatMap((relation): SubSection[] => {
    const kind =
      relation.relationType === 'OneToMany'
        ? 'many'
        : relation.relationType === 'OneToOneMainToSub'
          ? 'one'
          : null;
    const table = relation.toTable.name ? relatedTables[relation.toTable.name] : undefined;
    const foreignKey = relation.toColumn.name;
    if (!kind || !table || !foreignKey) return [];
    return [{ relation, name: relation.name, table, kind, foreignKey }];
  });

/**
 * The to-one relations of a sub-table's columns (a line's TrackId → Track), by from-column; the
 * column pointing back to the main record (`foreignKey`, hidden in the sub-form) is left out.
 */
export const subRelationsByColumn = (
  relations: readonly Relation[],
  foreignKey: string,
): Map<string, Relation> => {
  const map = new Map<string, Relation>();
  for (const relation of relations) {
    const column = relation.fromColumn.name;
    const toOne = relation.relationType === 'ManyToOne' || relation.relationType === 'OneToOneSubToMain';
    if (column && toOne && column !== foreignKey && !map.has(column)) map.set(column, relation);
  }
  return map;
};
