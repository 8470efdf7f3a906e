import type { Relation, Sequence, Table } from '../../../contract';

/** A form layout as exported with its table (`tableFormBuilder`). */
export interface FormLayout {
  id?: number;
  tableId?: number;
  name?: string;
  device?: string;
  type?: string;
  body?: string;
}

/** Content of a metadata file: the body of `POST /api/metadata/tables/import`. */
export interface MetadataBundle {
  sequences: Sequence[];
  tables: Table[];
  tableRelations: Relation[];
  tableFormBuilders: FormLayout[];
}
