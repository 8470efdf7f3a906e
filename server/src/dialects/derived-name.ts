import { createHash } from 'node:crypto';

/** PostgreSQL's identifier limit (NAMEDATALEN - 1), the lowest of the supported databases. */
export const MAX_IDENTIFIER_LENGTH = 63;

export type DerivedKind = 'ix' | 'ck' | 'ft' | 'rc' | 'oc' | 'ok' | 'tmp' | 'del';

/**
 * The physical name of an object crudboard derives from metadata names (an index, a check, a
 * full-text table or trigger): `cb_<kind>_<hash>_<parts...>` in lower case (PostgreSQL folds the
 * unquoted names of constraints), cut to 63 characters. The `cb_`
 * prefix keeps it apart from user tables (whose names may not start with it); the hash of the
 * lower-cased parts keeps it unique where a database has one namespace for all tables' indexes.
 */
export const derivedName = (kind: DerivedKind, ...parts: string[]): string => {
  const hash = createHash('sha256')
    .update(parts.map((part) => part.toLowerCase()).join('\u0000'))
    .digest('hex')
    .slice(0, 8);
  // Names of reversed tables may hold spaces, CJK or hyphens: the derived name keeps plain ASCII
  // (the hash keeps it unique), so it is as long in bytes as in characters.
  const plain = parts.join('_').replace(/[^A-Za-z0-9_]/g, '_');
  return `cb_${kind}_${hash}_${plain}`.toLowerCase().slice(0, MAX_IDENTIFIER_LENGTH);
};

/** Whether an index is the one crudboard keeps on (`ownerId`, key) beside owner counts (kind `ok`). */
export const isOwnerKeyIndexName = (name: string): boolean => name.toLowerCase().startsWith('cb_ok_');

/** Physical name of an index (single-column or composite) of a table. */
export const indexPhysicalName = (tableName: string, indexName: string): string =>
  derivedName('ix', tableName, indexName);

/** Physical name of the CHECK (col >= 0) of an unsigned column (PostgreSQL, SQLite). */
export const unsignedCheckName = (tableName: string, columnName: string): string =>
  derivedName('ck', tableName, columnName);
