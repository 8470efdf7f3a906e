import type { ColumnChange } from './revision';

/** A revision's action and changes, as `revisionState` reads them. */
export interface StateRevision {
  action: string;
  changes: readonly ColumnChange[];
}

/**
 * The record as it was right after a revision, for the columns that changed since: each column's
 * `old` value in the first later revision that changed it (`later`, oldest first). A column no
 * later revision changed has its value of now already; a PASSWORD change keeps no value and so
 * is never brought back. After a later hard delete (which keeps every last value) this is the
 * whole record.
 */
export const revisionState = (later: readonly StateRevision[]): Record<string, unknown> => {
  const state: Record<string, unknown> = {};
  for (const revision of later) {
    for (const change of revision.changes) {
      if (!Object.hasOwn(state, change.column) && Object.hasOwn(change, 'old')) {
        state[change.column] = change.old;
      }
    }
  }
  return state;
};
