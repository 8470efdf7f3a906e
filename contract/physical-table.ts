/** `GET /api/metadata/tables/metadatas`: a physical table that no metadata describes yet. */
export interface PhysicalTableSummary {
  tableName: string;
  comment: string | null;
  /** A view: reversed read-only, its structure left to the database. */
  view?: boolean;
}

export type ColumnKey = 'PRI' | 'UNI' | 'MUL' | '';

export interface PhysicalColumn {
  name: string;
  type: string;
  nullable: boolean;
  key: ColumnKey;
  default: string | null;
  autoIncrement: boolean;
  comment: string | null;
}

export interface PhysicalIndex {
  name: string;
  unique: boolean;
  columns: string[];
  type: string | null;
}

export interface PhysicalForeignKey {
  column: string;
  refTable: string;
  refColumn: string;
}

/**
 * How a reversed table's records are addressed: its primary key, a unique index over NOT NULL
 * columns standing in for one, or none (the table is then reversed read-only).
 */
export interface RecordKey {
  kind: 'primary' | 'unique' | 'none';
  columns: string[];
}

/** `GET /metadatas/{tableName}` (docs/api.md §2): what the database says about one table. */
export interface PhysicalTableDescription {
  tableName: string;
  comment: string | null;
  columns: PhysicalColumn[];
  indexs: PhysicalIndex[];
  foreignKeys: PhysicalForeignKey[];
  /** How its records will be addressed once reversed. */
  recordKey: RecordKey;
  /** A view: reversed read-only, its structure left to the database. */
  view: boolean;
}
