import type { RelationType } from '../../../../contract/index';
import type { RawForeignKey } from '../../dialects/introspection/introspection';
import { NAME_PATTERN } from '../../../../contract/reserved-words';
import { derivedApiName } from './api-name';
import type { ReverseWarning } from './reverse-warning';

/** A table that relations may join: one being reversed now, or one already managed. */
export interface RelationTable {
  tableName: string;
  /** API name. */
  name: string;
  caption: string;
  columns: readonly string[];
  /** Names of the relations it has already. */
  relations: readonly string[];
  /** Being reversed in this batch (else already managed). */
  reversed: boolean;
}

export interface PlannedRelation {
  name: string;
  caption: string;
  relationType: RelationType;
  fromTable: string;
  fromColumn: string;
  toTable: string;
  toColumn: string;
}

const MAX_NAME = 64;

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
/** `reports_to` → `ReportsTo`, `artist` → `Artist`: a name to append to another. */
const upperFirst = (text: string) => {
  const camel = text.replace(/_+([A-Za-z0-9])/g, (_, char: string) => char.toUpperCase());
  return camel.charAt(0).toUpperCase() + camel.slice(1);
};

/** `ArtistId` → `Artist`, `artist_id` → `artist`, `ReportsTo` → `ReportsTo`. */
const withoutIdSuffix = (column: string) => {
  const stripped = column.replace(/_?id$/i, '');
  return stripped === '' ? column : stripped;
};

/** A column's words as a relation name may spell them: `客户` → `kehu`, `sales rep` → `salesRep`. */
const apiSafe = (name: string) => (NAME_PATTERN.test(name) ? name : derivedApiName(name));

/** `track` → `tracks`, `category` → `categories`, `address` → `addresses`. */
const plural = (name: string) => {
  if (/[^aeiou]y$/i.test(name)) return `${name.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(name)) return `${name}es`;
  return `${name}s`;
};

/** The first candidate no column or relation of the table uses (ignoring case), else one numbered. */
const freeName = (taken: Set<string>, candidates: readonly string[]): string => {
  const fits = candidates.map((candidate) => candidate.slice(0, MAX_NAME));
  const found = fits.find((candidate) => !taken.has(candidate.toLowerCase()));
  const base = fits[0] ?? 'relation';
  let name = found;
  for (let n = 2; name === undefined; n += 1) {
    const numbered = `${base.slice(0, MAX_NAME - String(n).length)}${n}`;
    if (!taken.has(numbered.toLowerCase())) name = numbered;
  }
  taken.add(name.toLowerCase());
  return name;
};

/**
 * The relations that foreign keys stand for (docs/api.md §2.3): for each single-column foreign key whose
 * table and target are both known and one of them is being reversed, a ManyToOne on the child
 * (named after the column, e.g. `artist` for `ArtistId`) and its OneToMany counterpart on the
 * parent (named after the child, e.g. `albums`). Names are unique per table and never a column's
 * name, ignoring case. Composite foreign keys and those to unknown tables are reported in
 * `warnings`. Pure.
 */
export const planRelations = (
  tables: readonly RelationTable[],
  foreignKeys: readonly RawForeignKey[],
  warnings: ReverseWarning[],
): PlannedRelation[] => {
  // SQLite keeps a foreign key's target as written, in any case: match names ignoring case.
  const byTable = new Map(tables.map((table) => [table.tableName.toLowerCase(), table]));
  const columnOf = (table: RelationTable, name: string) =>
    table.columns.find((column) => column.toLowerCase() === name.toLowerCase());
  const taken = new Map(
    tables.map((table) => [
      table.tableName,
      new Set([...table.columns, ...table.relations].map((name) => name.toLowerCase())),
    ]),
  );
  const sizes = new Map<string, number>();
  for (const key of foreignKeys) {
    const id = `${key.table}\u0000${key.constraint}`;
    sizes.set(id, (sizes.get(id) ?? 0) + 1);
  }
  const planned: PlannedRelation[] = [];
  const seen = new Set<string>();
  for (const key of foreignKeys) {
    const child = byTable.get(key.table.toLowerCase());
    const parent = byTable.get(key.refTable.toLowerCase());
    if (!child?.reversed && !parent?.reversed) continue;
    const skip = () => {
      if (child?.reversed)
        warnings.push({
          table: key.table,
          column: key.column,
          name: key.constraint,
          reason: 'foreignKeySkipped',
        });
    };
    if (!child || !parent || key.refColumn === null) {
      skip();
      continue;
    }
    if ((sizes.get(`${key.table}\u0000${key.constraint}`) ?? 0) > 1) {
      if (
        key === foreignKeys.find((other) => other.table === key.table && other.constraint === key.constraint)
      )
        skip();
      continue;
    }
    const fromColumn = columnOf(child, key.column);
    const toColumn = columnOf(parent, key.refColumn);
    if (!fromColumn || !toColumn) {
      skip();
      continue;
    }
    const pair = [child.tableName, fromColumn, parent.tableName, toColumn].join('\u0000');
    if (seen.has(pair)) continue;
    seen.add(pair);

    const base = lowerFirst(apiSafe(withoutIdSuffix(fromColumn)));
    const manyToOne = freeName(taken.get(child.tableName) as Set<string>, [
      base,
      lowerFirst(parent.name),
      `${base}${upperFirst(parent.name)}`,
    ]);
    const children = plural(lowerFirst(child.name));
    const oneToMany = freeName(taken.get(parent.tableName) as Set<string>, [
      children,
      `${children}By${upperFirst(base)}`,
    ]);
    planned.push(
      {
        name: manyToOne,
        caption: parent.caption,
        relationType: 'ManyToOne',
        fromTable: child.tableName,
        fromColumn,
        toTable: parent.tableName,
        toColumn,
      },
      {
        name: oneToMany,
        caption: child.caption,
        relationType: 'OneToMany',
        fromTable: parent.tableName,
        fromColumn: toColumn,
        toTable: child.tableName,
        toColumn: fromColumn,
      },
    );
  }
  return planned;
};
