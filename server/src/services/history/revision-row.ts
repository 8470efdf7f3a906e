/** A stored revision row as history reads it (`cb_revision`); a create batch's row reads the same, per record it holds. */
export interface RevisionRow {
  id: number | string;
  action: string;
  at: number | string;
  userId: number | string | null;
  userName: string | null;
  channel: string;
  requestId: string | null;
  changes: string;
}
