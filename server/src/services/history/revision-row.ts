/**
 * A stored revision as history reads it (`cb_revision`); a create batch's row is read as one of
 * these per record it holds (batch-revisions.ts).
 */
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
