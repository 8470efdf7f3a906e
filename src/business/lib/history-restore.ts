import { revisionState, type Revision } from '../../../contract';
import type { BusinessRecord } from './business-record';

/** One column a restore would set back: its value now and the value it gets. */
export interface RestoreStep {
  column: string;
  current: unknown;
  restored: unknown;
}

const same = (a: unknown, b: unknown): boolean =>
  (a ?? null) === (b ?? null) || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What restoring `revisionId` would change (`revisions` newest first, as the history lists them,
 * holding every revision newer than it): each column a later revision changed takes its `old`
 * value in the first of them; only the columns the user may edit in the form and whose value
 * differs from the record now are listed, in the table's column order.
 */
export const restorePlan = (
  revisions: readonly Revision[],
  revisionId: number,
  record: BusinessRecord | undefined,
  editable: readonly string[],
): RestoreStep[] => {
  const at = revisions.findIndex((revision) => revision.id === revisionId);
  if (at < 0 || revisions[at]?.action === 'delete') return [];
  const later = revisions.slice(0, at).reverse();
  const state = revisionState(later);
  return editable.flatMap((column): RestoreStep[] => {
    if (!Object.hasOwn(state, column)) return [];
    const current = record?.[column];
    const restored = state[column];
    return same(current, restored) ? [] : [{ column, current, restored }];
  });
};

/** The names of the users and the columns the revisions hold, for the history's filters. */
export const historyFacets = (revisions: readonly Revision[]): { users: string[]; columns: string[] } => {
  const users = new Set<string>();
  const columns = new Set<string>();
  for (const revision of revisions) {
    if (revision.user.name) users.add(revision.user.name);
    for (const change of revision.changes) columns.add(change.column);
  }
  return { users: [...users], columns: [...columns] };
};

/** The revisions made by `user` (a name) that changed `column`; either filter may be absent. */
export const filterRevisions = (
  revisions: readonly Revision[],
  user: string | undefined,
  column: string | undefined,
): Revision[] =>
  revisions.filter(
    (revision) =>
      (user === undefined || revision.user.name === user) &&
      (column === undefined || revision.changes.some((change) => change.column === column)),
  );
