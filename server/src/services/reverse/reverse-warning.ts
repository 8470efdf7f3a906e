/** Something a reverse-engineered table's metadata could not say exactly; reported, never fatal. */
export interface ReverseWarning {
  table: string;
  column?: string;
  /** The physical type, for type warnings. */
  type?: string;
  /** The data type chosen for it. */
  dataType?: string;
  /** The index or foreign key concerned. */
  name?: string;
  reason:
    | 'approximateType'
    | 'unknownType'
    | 'defaultNotKept'
    | 'indexSkipped'
    | 'foreignKeySkipped'
    | 'noPrimaryKey'
    | 'uniqueAsKey'
    /** The table has no primary key and the database is a Galera cluster, which replicates its writes unsafely. */
    | 'keylessOnGalera';
}
