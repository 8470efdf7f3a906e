import type { DataType, IndexType, RelationType } from '../../../../contract/index';

/** One column of a system table as crudboard declares it; unset flags take the defaults below. */
export interface SystemColumnDecl {
  name: string;
  caption: string;
  description?: string | null;
  dataType: DataType;
  length?: number | null;
  unsigned?: boolean;
  indexType?: IndexType | null;
  autoIncrement?: boolean;
  nullable?: boolean;
  defaultValue?: string | null;
  insertable?: boolean;
  updatable?: boolean;
  queryable?: boolean;
  displayable?: boolean;
  systemable?: boolean;
  /**
   * The values the column holds, with their captions and tag colours: a choice column, shown as
   * a coloured tag and filtered with a select (only for columns the server alone writes: the
   * values it writes are the list).
   */
  options?: readonly SystemChoice[];
}

/** One value of a system choice column: its caption in each language, its tag colour. */
export interface SystemChoice {
  value: string;
  zh: string;
  en: string;
  color: string;
}

/** A relation from a system table, its ends named by API table name and column name. */
export interface SystemRelationDecl {
  name: string;
  caption: string;
  relationType: RelationType;
  fromColumn: string;
  toTable: string;
  toColumn: string;
}

/** A system table (docs/api.md §3 "System tables"): its metadata, written by the startup sync. */
export interface SystemTableDecl {
  name: string;
  pluralName: string;
  tableName: string;
  caption: string;
  description: string | null;
  readOnly: boolean;
  columns: SystemColumnDecl[];
  relations: SystemRelationDecl[];
  /**
   * Physical columns the business API never serves, written by the server alone (a webhook's
   * signing secret, an outbox row's lease): no metadata describes them.
   */
  serverColumns?: readonly string[];
}
